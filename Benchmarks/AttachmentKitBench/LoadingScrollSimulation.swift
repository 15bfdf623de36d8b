import AttachmentKit
import Foundation

/// A fast scroll of 10,000 cells at 120 Hz, each on screen for 3 frames, through 12 reused
/// cells whose loaders have the default configuration (lower priority on disappear, new
/// requests after 0.1 s on screen) and are reloaded on reuse; then the scroll stops and the
/// last screenful stays for 0.5 s (60 frames). Downloads take 20 ms. The figures share one run.
///
/// Time is simulated: every frame advances a ``FrameClock`` by 1/120 s, and that clock times the
/// loaders' start delay and the downloads, so which transfers start depends only on the scroll
/// script, not on the machine's load. The frames still keep real time (each waits for its
/// 8.33 ms deadline), so that the main-actor cost per frame is measured in a realistic rhythm,
/// on the real clock.
@MainActor
enum ScrollSimulation {
    nonisolated static let cellCount = 10_000
    nonisolated static let visibleCells = 10
    nonisolated static let framesOnScreen = 3
    nonisolated static let restingFrames = 60
    nonisolated static let transferLimit = 4
    nonisolated static let frameMilliseconds = 1000.0 / 120
    /// After the rest, at most this many more frames (5 s) for the last screenful's downloads
    /// to end, so that a loader that never finishes can't hang the benchmark.
    nonisolated static let maximumSettlingFrames = 600

    struct Result {
        var transfersStarted: Int
        var partsVisibleHalfSecond: Int
        var peakConcurrentTransfers: Int
        var loaderMillisecondsPerFrameP99: Double
    }

    private static var cached: Result?

    static func run() async -> Result {
        if let cached { return cached }
        let result = await simulate()
        cached = result
        return result
    }

    private static func simulate() async -> Result {
        let clock = FrameClock()
        let counter = TransferCounter()
        let coordinator = DownloadCoordinator(
            configuration: DownloadCoordinator.Configuration(maximumConcurrentTransfers: transferLimit, clock: clock))
        let resolver = AttachmentResolver(downloads: coordinator)
        let pool = (0..<visibleCells + 2).map { _ in CallbackAttachmentLoader(resolver: resolver) }
        // New cells per frame so that each stays `framesOnScreen` frames.
        let perFrame = max(1, visibleCells / framesOnScreen)
        var frameTimes: [Double] = []
        var next = 0
        var onScreen: [CallbackAttachmentLoader] = []
        var poolIndex = 0
        let pacing = FramePacing()
        while next < cellCount {
            let stopwatch = Stopwatch()
            for _ in 0..<perFrame where next < cellCount {
                if onScreen.count >= visibleCells { onScreen.removeFirst().disappear() }
                let loader = pool[poolIndex % pool.count]
                poolIndex += 1
                loader.load(
                    parts: [CountedPart(id: PartID("cell-\(next)"), counter: counter, clock: clock)],
                    fetchingOriginal: true)
                loader.appear()
                onScreen.append(loader)
                next += 1
            }
            frameTimes.append(stopwatch.seconds * 1000)
            await pacing.endFrame(advancing: clock)
        }
        for _ in 0..<restingFrames { await pacing.endFrame(advancing: clock) }
        // The transfers the rest started run to their end (the clock moves on until then), so
        // that every transfer the script causes is counted, however late the machine ran it.
        var settlingFrames = 0
        while onScreen.contains(where: \.state.isLoading), settlingFrames < maximumSettlingFrames {
            settlingFrames += 1
            await pacing.endFrame(advancing: clock, realMilliseconds: 1)
        }
        if settlingFrames == maximumSettlingFrames {
            let message = "scroll: the last screen's loads did not end in 5 s of simulated time\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        for loader in pool { loader.reset() }
        let sorted = frameTimes.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return Result(
            transfersStarted: counter.started, partsVisibleHalfSecond: onScreen.count,
            peakConcurrentTransfers: counter.peak, loaderMillisecondsPerFrameP99: p99)
    }
}

/// Ends the simulation's frames: each waits on the real clock for its deadline (or yields when
/// late), then advances the simulated clock by one frame.
@MainActor
final class FramePacing {
    private let start = Stopwatch()
    private var realSeconds = 0.0

    func endFrame(advancing clock: FrameClock, realMilliseconds: Double = ScrollSimulation.frameMilliseconds) async {
        realSeconds += realMilliseconds / 1000
        let wait = realSeconds - start.seconds
        if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) } else { await Task.yield() }
        clock.advance(by: ScrollSimulation.frameMilliseconds / 1000)
    }
}
/// Counts the downloads started and the most running at once.
final class TransferCounter: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var running = 0
    private var startedCount = 0
    private var peakCount = 0

    var started: Int { locked { startedCount } }
    var peak: Int { locked { peakCount } }

    func begin() {
        locked {
            startedCount += 1
            running += 1
            peakCount = max(peakCount, running)
        }
    }

    func end() { locked { running -= 1 } }

    // `NSLocking.withLock` needs macOS 14 / iOS 17 in Apple's Foundation.
    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A remote original whose download takes 20 ms of the simulation's time and is counted.
struct CountedPart: MessagePart {
    let id: PartID
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let localContent: PartContent? = nil
    let counter: TransferCounter
    let clock: FrameClock

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        counter.begin()
        defer { counter.end() }
        try await clock.sleep(for: 0.02)
        return LoaderOverhead.parts[0].localContent ?? .data(Data())
    }
}
