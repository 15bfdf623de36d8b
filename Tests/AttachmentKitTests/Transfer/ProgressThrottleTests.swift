import Testing

@testable import AttachmentKit

@Suite("TransferProgress.Throttle", .inTurn)
struct ProgressThrottleTests {
    @Test("steps are percents of the total; no bytes is step 0 and the complete transfer its own step")
    func steps() {
        let throttle = TransferProgress.Throttle.default
        #expect(throttle.step(of: TransferProgress(completedBytes: 0, totalBytes: nil)) == 0)
        #expect(throttle.step(of: TransferProgress(completedBytes: 5, totalBytes: nil)) == nil)
        #expect(throttle.step(of: TransferProgress(completedBytes: 49, totalBytes: 1000)) == 4)
        #expect(throttle.step(of: TransferProgress(completedBytes: 1000, totalBytes: 1000)) == Int.max)
        #expect(TransferProgress.Throttle.none.step(of: TransferProgress(completedBytes: 5, totalBytes: 10)) == nil)
    }

    @Test("nonsense settings are clamped")
    func clamping() {
        #expect(
            TransferProgress.Throttle(fractionStep: .nan, minimumInterval: -1)
                == TransferProgress.Throttle(minimumInterval: 0))
        #expect(TransferProgress.Throttle(fractionStep: 7, minimumInterval: .infinity).fractionStep == 1)
        #expect(TransferProgress.Throttle(fractionStep: -1).fractionStep == 0)
    }

    @Test(
        "the transfer-wide filter lets through the first report of every step, whatever the total",
        arguments: [1 as Int64, 7, 99, 100, 101, 333, 1_000, 65_537])
    func filterNeverSkipsASteps(total: Int64) {
        let throttle = TransferProgress.Throttle.default
        var filter = StepFilter()
        var admitted: [Int] = []
        var expected: [Int] = []
        for bytes in 0...total {
            let progress = TransferProgress(completedBytes: bytes, totalBytes: total)
            let step = throttle.step(of: progress) ?? -1
            if expected.last != step { expected.append(step) }
            if filter.admits(progress, throttle: throttle) { admitted.append(step) }
        }
        #expect(admitted == expected)
    }

    @Test("a listener's gate admits a new step only after the interval, and the complete transfer once")
    func gate() {
        let throttle = TransferProgress.Throttle(fractionStep: 0.01, minimumInterval: 1)
        var gate = ThrottleGate()
        var admitted: Bool
        admitted = gate.admit(step: 3, at: 0, throttle: throttle)
        #expect(admitted)
        admitted = gate.admit(step: 3, at: 5, throttle: throttle)
        #expect(!admitted)
        admitted = gate.admit(step: 4, at: 0.5, throttle: throttle)
        #expect(!admitted)
        admitted = gate.admit(step: 4, at: 1, throttle: throttle)
        #expect(admitted)
        admitted = gate.admit(step: 2, at: 9, throttle: throttle)
        #expect(!admitted)
        admitted = gate.admit(step: Int.max, at: 1, throttle: throttle)
        #expect(admitted)
        admitted = gate.admit(step: Int.max, at: 9, throttle: throttle)
        #expect(!admitted)
    }
}
