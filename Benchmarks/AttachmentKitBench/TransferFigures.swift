import AttachmentKit
import Foundation

/// Figures for downloads: coalescing many callers of one part against awaiting one shared
/// task, and throttled progress against an unobserved transfer.
let transferFigures: [Figure] = [
    Figure(name: "transfer-coalesced-callers") {
        let callers = 10_000
        let content = PartContent.data(Data("full-resolution".utf8))
        let measured = try await Measure.medianSeconds(runs: 7) {
            let gate = CallerGate(expected: callers)
            let part = GatedPart(id: PartID("bench-\(UUID().uuidString)"), gate: gate, content: content)
            let coordinator = DownloadCoordinator()
            let received = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<callers {
                    group.addTask {
                        let download = await coordinator.download(part)
                        gate.arrive()
                        return try await download.content() == content
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            guard received == callers, part.downloads == 1 else {
                throw TransferFigureError.wrongOutcome("\(received) of \(callers) callers, \(part.downloads) transfers")
            }
        }
        let baseline = await Measure.medianSeconds(runs: 7) {
            let gate = CallerGate(expected: callers)
            let shared = Task {
                await gate.waitForEveryone()
                return content
            }
            let received = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<callers {
                    group.addTask {
                        gate.arrive()
                        return await shared.value == content
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            blackHole(received)
        }
        return FigureResult(
            value: measured / Double(callers) * 1e6, unit: "us/caller", baseline: baseline / Double(callers) * 1e6,
            target: .ratioAtMost(3))
    },
    Figure(name: "transfer-progress-overhead") {
        // Observed and unobserved runs alternate, each going first in turn, so that load
        // from elsewhere on the machine falls on both alike.
        var observed: [Double] = []
        var unobserved: [Double] = []
        for round in 0..<41 {
            for isObserved in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let seconds = try await SimulatedTransfer.run(observed: isObserved).seconds
                if isObserved { observed.append(seconds) } else { unobserved.append(seconds) }
            }
        }
        let chunks = Double(SimulatedTransfer.chunkCount)
        return FigureResult(
            value: Measure.median(observed) / chunks * 1e9, unit: "ns/chunk",
            baseline: Measure.median(unobserved) / chunks * 1e9, target: .ratioAtMost(1.05))
    },
    Figure(name: "transfer-progress-callbacks") {
        // No time limit, so that only the one-per-percent rule holds callbacks back.
        let callbacks = try await SimulatedTransfer.run(
            observed: true, throttle: TransferProgress.Throttle(minimumInterval: 0)
        )
        .callbacks
        return FigureResult(
            value: Double(callbacks), unit: "callbacks", baseline: Double(SimulatedTransfer.chunkCount),
            target: .valueAtMost(101))
    },
]

enum TransferFigureError: Error {
    case wrongOutcome(String)
}

/// 1 GiB arriving in 16 KiB chunks, each copied into a 4 MiB ring as a network stack would
/// copy it into a buffer, with progress reported after every chunk.
enum SimulatedTransfer {
    static let chunkSize = 16 << 10
    static let totalBytes: Int64 = 1 << 30
    static let chunkCount = Int(totalBytes) / chunkSize

    /// Downloads through a coordinator, with one main-actor observer when `observed`.
    /// Returns the seconds from asking to having the content (the observer's last callbacks
    /// arrive on the main actor after that, untimed) and the progress callbacks it got.
    static func run(observed: Bool, throttle: TransferProgress.Throttle = .default) async throws -> (
        seconds: Double, callbacks: Int
    ) {
        let coordinator = DownloadCoordinator(configuration: .init(progressThrottle: throttle))
        let observer = CountingObserver()
        let stopwatch = Stopwatch()
        let download = await coordinator.download(SimulatedPart())
        if observed { download.addObserver(observer) }
        _ = try await download.content()
        let seconds = stopwatch.seconds
        if observed { await observer.waitUntilFinished() }
        return (seconds, observer.progressCallbacks)
    }
}

/// The part behind ``SimulatedTransfer``.
struct SimulatedPart: MessagePart {
    let id = PartID("simulated-\(UUID().uuidString)")
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let localContent: PartContent? = nil

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        let ringSize = 4 << 20
        let source = UnsafeMutableRawBufferPointer.allocate(byteCount: SimulatedTransfer.chunkSize, alignment: 64)
        let ring = UnsafeMutableRawBufferPointer.allocate(byteCount: ringSize, alignment: 64)
        defer {
            source.deallocate()
            ring.deallocate()
        }
        source.initializeMemory(as: UInt8.self, repeating: 0xA5)
        ring.initializeMemory(as: UInt8.self, repeating: 0)
        var offset = 0
        for chunk in 1...SimulatedTransfer.chunkCount {
            UnsafeMutableRawBufferPointer(rebasing: ring[offset..<offset + SimulatedTransfer.chunkSize])
                .copyMemory(from: UnsafeRawBufferPointer(source))
            offset = (offset + SimulatedTransfer.chunkSize) % ringSize
            let progress = TransferProgress(
                completedBytes: Int64(chunk * SimulatedTransfer.chunkSize), totalBytes: SimulatedTransfer.totalBytes)
            observer.transfer(of: id, didUpdate: progress)
        }
        blackHole(ring[ringSize - 1])
        return .data(Data("done".utf8))
    }
}

/// A part whose download returns once every caller has arrived.
final class GatedPart: MessagePart {
    let id: PartID
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let localContent: PartContent? = nil
    private let gate: CallerGate
    private let content: PartContent
    private let counter = CallerGate(expected: .max)

    init(id: PartID, gate: CallerGate, content: PartContent) {
        self.id = id
        self.gate = gate
        self.content = content
    }

    var downloads: Int { counter.arrived }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        counter.arrive()
        await gate.waitForEveryone()
        return content
    }
}

/// Counts arrivals and lets one task wait until the expected number has come.
// @unchecked Sendable: `count` and `waiters` are read and written only while `lock` is held.
final class CallerGate: @unchecked Sendable {
    private let lock = NSLock()
    private let expected: Int
    private var count = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) { self.expected = expected }

    var arrived: Int { lock.withLock { count } }

    func arrive() {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            count += 1
            guard count >= expected else { return [] }
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in ready { waiter.resume() }
    }

    func waitForEveryone() async {
        await withCheckedContinuation { continuation in
            let open: Bool = lock.withLock {
                guard count < expected else { return true }
                waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }
}

/// Counts progress callbacks and lets the figure wait for the terminal one.
final class CountingObserver: ProgressObserver {
    private let finished = CallerGate(expected: 1)
    private let progress = CallerGate(expected: .max)

    var progressCallbacks: Int { progress.arrived }

    func transfer(of partID: PartID, didUpdate progress: TransferProgress) { self.progress.arrive() }

    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) { finished.arrive() }

    func waitUntilFinished() async { await finished.waitForEveryone() }
}
