import AttachmentKit
import Foundation

/// A download beside one whose disk is slow, through one ``URLSessionTransport`` (one session,
/// one delegate queue), against the same download alone: a slow disk must hold back its own
/// download only.
///
/// The slow download (64 MiB) goes to a store whose every `write(2)` sleeps 20 ms first
/// (256 KiB a write: about 12 MB/s); the measured one (32 MiB) goes to an ordinary store, from
/// the same nginx. The target allows 20 %: beside another transfer the measured one shares the
/// two cores, the loopback and nginx's one worker; a queue the slow disk holds up shows as
/// multiples of its time alone, not as a fraction.
let remoteSlowDiskFigures: [Figure] = [
    Figure(name: "remote-download-beside-slow-disk") {
        try await SlowDiskBench.besideAgainstAlone(slowInOwnSession: false)
    },
    // The same with the slow download in a session of its own: what two downloads cost each
    // other without a shared delegate queue (cores, loopback, nginx), the floor of the above.
    Figure(name: "remote-download-beside-slow-disk-own-session") {
        try await SlowDiskBench.besideAgainstAlone(slowInOwnSession: true)
    },
]

enum SlowDiskBench {
    /// The median time of the fast download beside the slow one, against alone: 5 rounds of
    /// each, in alternating order.
    static func besideAgainstAlone(slowInOwnSession: Bool) async throws -> FigureResult {
        let server = try BenchNginx()
        defer { server.stop() }
        try server.serve(megabytes: 64, as: "slow.bin")
        try server.serve(megabytes: 32, as: "fast.bin")
        let transport = URLSessionTransport()
        let slowTransport = slowInOwnSession ? URLSessionTransport() : transport
        var alone: [Double] = []
        var beside: [Double] = []
        for round in 0..<5 {
            for isBeside in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if isBeside {
                    beside.append(
                        try await timeBesideSlowDownload(
                            server.url("fast.bin"), slow: server.url("slow.bin"), transport: transport,
                            slowTransport: slowTransport))
                } else {
                    alone.append(try await time(server.url("fast.bin"), transport: transport))
                }
            }
        }
        return FigureResult(
            value: Measure.median(beside) * 1000, unit: "ms", baseline: Measure.median(alone) * 1000,
            target: .ratioAtMost(1.2))
    }

    /// The seconds `url`'s download takes into a new ordinary store through `transport`.
    static func time(_ url: URL, transport: URLSessionTransport) async throws -> Double {
        let store = try BenchStore(fileSystem: POSIXFileSystem(flushesDriveCache: false))
        defer { store.remove() }
        let stopwatch = Stopwatch()
        _ = try await store.coordinator.content(for: store.part(url, transport: transport))
        return stopwatch.seconds
    }

    /// Starts `slow`'s download (through `slowTransport`) into a store whose writes sleep, waits
    /// until its writes have begun, then times `url`'s download as ``time(_:transport:)`` does;
    /// cancels the slow one.
    static func timeBesideSlowDownload(
        _ url: URL, slow: URL, transport: URLSessionTransport, slowTransport: URLSessionTransport
    ) async throws -> Double {
        let disk = SleepingFileSystem(delayPerWrite: 0.02)
        let slowStore = try BenchStore(fileSystem: disk)
        defer { slowStore.remove() }
        let slowDownload = await slowStore.coordinator.download(slowStore.part(slow, transport: slowTransport))
        for _ in 0..<10_000 where disk.writeCount < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        guard disk.writeCount >= 2 else { throw FigureSkipped(reason: "the slow download did not start writing") }
        let seconds = try await time(url, transport: transport)
        slowDownload.cancel()
        await slowStore.coordinator.waitUntilIdle()
        return seconds
    }
}

/// A file store in a temporary folder over `fileSystem`, with its coordinator.
private struct BenchStore {
    let directory: URL
    let coordinator: DownloadCoordinator

    init(fileSystem: any StoreFileSystem) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-store-\(UUID().uuidString)", isDirectory: true)
        let store = try FileContentStore(
            directory: directory, byteCapacity: 4 << 30, durability: .processCrashSafe, fileSystem: fileSystem,
            clock: SystemTransferClock(), compactionSlack: 4096)
        coordinator = DownloadCoordinator(store: store)
    }

    func part(_ url: URL, transport: URLSessionTransport) -> RemotePart {
        let downloader = RemotePart.Downloader(
            transport: transport,
            configuration: RemotePart.Configuration(
                allowedSchemes: ["http"], maximumByteCount: 1 << 30, idleTimeout: 60, totalTimeout: 600))
        return RemotePart(
            id: PartID(url.lastPathComponent), url: url, mimeType: .applicationOctetStream, downloader: downloader)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// The real file system, except that every `write` sleeps first: a slow disk.
private final class SleepingFileSystem: StoreFileSystem {
    private let base = POSIXFileSystem(flushesDriveCache: false)
    private let delay: UInt32
    private let writes = BenchLocked(0)

    init(delayPerWrite seconds: Double) { delay = UInt32(seconds * 1_000_000) }

    /// The writes made so far.
    var writeCount: Int { writes.withLock { $0 } }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
        usleep(delay)
        writes.withLock { $0 += 1 }
        try base.write(descriptor, bytes, path: path)
    }

    func createDirectory(atPath path: String) throws(FileSystemError) { try base.createDirectory(atPath: path) }
    func createFile(atPath path: String) throws(FileSystemError) -> Int32 { try base.createFile(atPath: path) }
    func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32 { try base.openForUpdate(atPath: path) }
    func openForReading(atPath path: String) throws(FileSystemError) -> Int32 {
        try base.openForReading(atPath: path)
    }
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileSystemError)
        -> Int
    {
        try base.read(descriptor, into: buffer, path: path)
    }
    func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError) {
        try base.seek(descriptor, to: offset, path: path)
    }
    func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError) {
        try base.truncate(descriptor, to: length, path: path)
    }
    func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError) {
        try base.synchronize(descriptor, path: path)
    }
    func synchronizeDirectory(atPath path: String) { base.synchronizeDirectory(atPath: path) }
    func close(_ descriptor: Int32) { base.close(descriptor) }
    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try base.rename(source, to: destination)
    }
    func removeFile(atPath path: String) -> Bool { base.removeFile(atPath: path) }
    func sizeOfFile(atPath path: String) -> Int64? { base.sizeOfFile(atPath: path) }
    func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64 {
        try base.sizeOfFile(descriptor, path: path)
    }
    func lockFile(atPath path: String) throws(FileSystemError) -> Int32 { try base.lockFile(atPath: path) }
    func unlockFile(_ descriptor: Int32) { base.unlockFile(descriptor) }
    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        try base.contentsOfDirectory(atPath: path)
    }
    func setLabel(_ label: [UInt8], on descriptor: Int32) -> Bool { base.setLabel(label, on: descriptor) }
    func label(atPath path: String) -> [UInt8]? { base.label(atPath: path) }
}
