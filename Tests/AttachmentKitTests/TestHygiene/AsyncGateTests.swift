import Foundation
import Testing

@testable import AttachmentKit

/// The gate that holds each suite until it is its turn (``SuiteGate``): at most its width of
/// bodies at once, every body run, in the order they came.
@Suite(.inTurn)
struct AsyncGateTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("12 bodies through a gate of width 3: never more than 3 at once, all run", .timeLimit(.minutes(1)))
    func boundsTheBodies() async {
        let gate = AsyncGate(width: 3)
        let most = LockedState((now: 0, most: 0, done: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await gate.run {
                        most.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        try? await Task.sleep(nanoseconds: 5_000_000)
                        most.withLock {
                            $0.now -= 1
                            $0.done += 1
                        }
                    }
                }
            }
        }
        let seen = most.withLock { $0 }
        #expect(seen.most == 3)
        #expect(seen.done == 12)
        #expect(gate.running == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a waiter goes in when the body ahead of it ends, also when that body throws", .timeLimit(.minutes(1)))
    func handsOverOnThrow() async throws {
        let gate = AsyncGate(width: 1)
        let flags = LockedState((entered: false, released: false))
        let first = Task {
            try await gate.run {
                flags.withLock { $0.entered = true }
                while !flags.withLock({ $0.released }) { try await Task.sleep(nanoseconds: 1_000_000) }
                throw CancellationError()
            }
        }
        while !flags.withLock({ $0.entered }) { try await Task.sleep(nanoseconds: 1_000_000) }
        let second = Task { await gate.run { gate.running } }
        // The second waits while the first holds the gate.
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(gate.running == 1)
        flags.withLock { $0.released = true }
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await second.value == 1)
        #expect(gate.running == 0)
    }

    @Test(
        "every suite of the test target waits its turn at the gate (.inTurn)",
        .enabled(if: TimeLimitTests.sourcesAreReadable, "the test sources are not on this machine"))
    func everySuiteIsGated() throws {
        let folder = TimeLimitTests.testsFolder.appendingPathComponent("AttachmentKitTests")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var suites = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("@Suite") {
                suites += 1
                // The attribute, up to the declaration it is on.
                let declaration = lines[index...].firstIndex { $0.contains("struct ") || $0.contains("class ") }
                let attribute = lines[index...(declaration ?? index)].joined(separator: "\n")
                #expect(
                    attribute.contains(".inTurn"), "the suite at \(url.lastPathComponent):\(index + 1) has no .inTurn")
            }
        }
        #expect(suites > 150, "the scan found only \(suites) suites: it is not reading the sources")
    }
}
