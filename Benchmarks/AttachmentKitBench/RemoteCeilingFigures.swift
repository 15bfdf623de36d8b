import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ceiling of URLSession itself, with no AttachmentKit, in the same run as curl: a data
/// task whose delegate only counts the bytes, on URLSession's ordinary delegate queue and on
/// a queue that runs each callback at once (the way ``URLSessionTransport`` runs on Linux).
/// Peak resident memory is printed with each, since the ordinary queue buffers the body.
let remoteCeilingFigures: [Figure] = [
    Figure(name: "remote-bare-urlsession-256mib-vs-curl") {
        try await BareURLSession.figure(inline: false)
    },
    Figure(name: "remote-bare-urlsession-inline-256mib-vs-curl") {
        try await BareURLSession.figure(inline: true)
    },
    Figure(name: "remote-bare-urlsession-inline-write-256mib-vs-curl") {
        try await BareURLSession.figure(inline: true, writes: true)
    },
]

enum BareURLSession {
    static func figure(inline: Bool, writes: Bool = false) async throws -> FigureResult {
        let server = try BenchNginx()
        defer { server.stop() }
        try server.serve(megabytes: 256, as: "big.bin")
        var bare: [Double] = []
        var curl: [Double] = []
        var peaks: [Double] = []
        for round in 0..<5 {
            for isBare in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if isBare {
                    try RemotePeakMemory.resetPeakResident()
                    bare.append(try await download(server.url("big.bin"), inline: inline, writes: writes))
                    peaks.append(try RemotePeakMemory.peakResident())
                } else {
                    curl.append(try RemoteBench.curl([server.url("big.bin")]))
                }
            }
        }
        print(
            "remote-bare-urlsession\(inline ? "-inline" : "")\(writes ? "-write" : "")\tpeak RSS median \(Measure.median(peaks)) MiB"
        )
        let megabytes = 256.0 * 1.048576
        return FigureResult(
            value: megabytes / Measure.median(bare), unit: "MB/s", baseline: megabytes / Measure.median(curl),
            target: .ratioAtLeast(0.9))
    }

    /// One data task of `url` through a new session; the seconds until it completed. The
    /// delegate spins for `busyNanosecondsPerChunk` on each chunk, standing in for work.
    static func download(_ url: URL, inline: Bool, writes: Bool, busyNanosecondsPerChunk: UInt64 = 0) async throws
        -> Double
    {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("attachmentkit-bench-bare-\(UUID())")
            .path
        let descriptor = writes ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600) : -1
        defer {
            if descriptor >= 0 {
                close(descriptor)
                unlink(path)
            }
        }
        let delegate = CountingDelegate(descriptor: descriptor, busyNanoseconds: busyNanosecondsPerChunk)
        let queue = inline ? RunAtOnceQueue() : OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        let stopwatch = Stopwatch()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            delegate.completion.withLock { $0 = continuation }
            session.dataTask(with: url).resume()
        }
        return stopwatch.seconds
    }
}

/// Counts the bytes; resumes its continuation at the end.
private final class CountingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let completion = BenchLocked<CheckedContinuation<Void, any Error>?>(nil)
    let bytes = BenchLocked<Int>(0)
    /// Where each chunk is written with `write(2)`, or -1.
    let descriptor: Int32
    /// How long each chunk keeps the callback busy (a spin, not a sleep).
    let busyNanoseconds: UInt64

    init(descriptor: Int32, busyNanoseconds: UInt64) {
        self.descriptor = descriptor
        self.busyNanoseconds = busyNanoseconds
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bytes.withLock { $0 += data.count }
        if busyNanoseconds > 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds - start < busyNanoseconds {}
        }
        guard descriptor >= 0 else { return }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let continuation = completion.withLock { state in
            defer { state = nil }
            return state
        }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
    }
}

/// A queue that runs what is added at once on the adding thread.
private final class RunAtOnceQueue: OperationQueue, @unchecked Sendable {  // safe: no state
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
    override func addOperation(_ operation: Operation) { operation.start() }
}

/// A value behind a lock (`NSLocking.withLock` needs macOS 14 / iOS 17).
final class BenchLocked<Value>: @unchecked Sendable {  // safe: `value` is only touched under `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
