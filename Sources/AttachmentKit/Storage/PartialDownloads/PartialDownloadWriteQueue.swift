import Dispatch
import Foundation

/// Writes one partial download's gathered bytes, and takes its periodic checkpoints, on a
/// thread of its own, in order, so that the network callback that hands the bytes over never
/// waits for the disk.
///
/// Nothing here blocks the caller of ``submit(_:at:hashBefore:)`` or ``checkpoint(_:)``: the
/// network callback of every download of a `URLSession` runs on one queue (on Linux, one for
/// the whole process), and a wait for one download's disk there held back all the others.
/// Instead, the bytes queued and not yet written (``backlogByteCount``) are reported to
/// ``setBacklogHandler(_:)``'s handler as they cross ``pauseThreshold`` (going up) and
/// ``resumeThreshold`` (going down), so that the download's reading can stop and go on, and the
/// download refuses more once they pass its limit. A written buffer is kept for the next
/// ``buffer()`` (at most ``maximumSpareBuffers``), and each is allocated and freed on the same
/// thread. After a write or checkpoint fails, later ones are skipped until ``drain()`` reports
/// the failure.
final class PartialDownloadWriteQueue: Sendable {
    /// The first write or checkpoint that failed since the last ``drain()``: where the bytes it
    /// was about started (for a checkpoint, where it was taken), the checksum state of the bytes
    /// before them, and why.
    struct Failure: Sendable {
        let offset: Int64
        let hashBefore: XXH64
        let error: FileSystemError
    }

    /// The queued bytes at which the download is asked to stop reading: 4 writes of 256 KiB.
    static let pauseThreshold = 4 * PartialDownloadWriter.writeSize
    /// The queued bytes at which a stopped download is asked to read again: 2 writes.
    static let resumeThreshold = 2 * PartialDownloadWriter.writeSize
    /// The written buffers kept for reuse.
    static let maximumSpareBuffers = 2

    private let files: PartialDownloadFiles
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "AttachmentKit.PartialDownloadWriteQueue")
    private let failure = LockedState<Failure?>(nil)
    private let spare = LockedState<[PartialDownloadBuffer]>([])
    private let backlog = LockedState(Backlog())

    private struct Backlog {
        var byteCount = 0
        var isPaused = false
        var handler: (@Sendable (_ isFull: Bool) -> Void)?
    }

    /// Writes to `descriptor`, the open data file of `files`, from its current position.
    init(files: PartialDownloadFiles, descriptor: Int32) {
        self.files = files
        self.descriptor = descriptor
    }

    /// An empty buffer to gather into: a written one if there is one.
    func buffer() -> PartialDownloadBuffer {
        spare.withLock { $0.popLast() } ?? PartialDownloadBuffer()
    }

    /// The bytes queued and not yet written.
    var backlogByteCount: Int { backlog.withLock { $0.byteCount } }

    /// Calls `handler` with `true` when the queued bytes reach ``pauseThreshold`` and with
    /// `false` when they are back at ``resumeThreshold``, from the thread that crossed it
    /// (the submitting one going up, the queue's own going down). Called in order, never twice
    /// with the same value in a row.
    func setBacklogHandler(_ handler: @escaping @Sendable (_ isFull: Bool) -> Void) {
        backlog.withLock { $0.handler = handler }
    }

    /// Queues `buffer`, whose bytes belong at `offset` and follow bytes whose checksum state is
    /// `hashBefore`; returns at once. The queue owns `buffer` from now on.
    func submit(_ buffer: PartialDownloadBuffer, at offset: Int64, hashBefore: XXH64) {
        let count = buffer.bytes.count
        changeBacklog(by: count) {
            queue.async { [self] in
                defer {
                    buffer.bytes.removeAll(keepingCapacity: true)
                    spare.withLock { if $0.count < Self.maximumSpareBuffers { $0.append(buffer) } }
                    changeBacklog(by: -count) {}
                }
                guard failure.withLock({ $0 == nil }) else { return }
                let written = buffer.bytes.withUnsafeBytes { buffer in
                    Result { () throws(FileSystemError) in
                        try files.fileSystem.write(descriptor, buffer, path: files.dataPath)
                    }
                }
                if case .failure(let error) = written {
                    failure.withLock { $0 = Failure(offset: offset, hashBefore: hashBefore, error: error) }
                }
            }
        }
    }

    /// Queues a checkpoint after the writes queued so far: flushes them (when the files
    /// synchronize) and records `record` (when it has a validator), so that a relaunch resumes from its byte count;
    /// returns at once. A failure is reported like a failed write, at `record`'s byte count.
    func checkpoint(_ record: PartialDownloadRecord) {
        queue.async { [self] in
            guard failure.withLock({ $0 == nil }) else { return }
            do throws(FileSystemError) {
                if files.synchronizes { try files.fileSystem.synchronize(descriptor, path: files.dataPath) }
                if record.validator != nil { try files.writeState(record) }
            } catch {
                failure.withLock {
                    $0 = Failure(offset: record.byteCount, hashBefore: record.hasher, error: error)
                }
            }
        }
    }

    /// Adds `change` to the backlog and runs `enqueue`, under the backlog's lock, and tells the
    /// handler when a threshold was crossed.
    private func changeBacklog(by change: Int, _ enqueue: () -> Void) {
        backlog.withLock { state in
            enqueue()
            state.byteCount += change
            let isFull =
                state.isPaused ? state.byteCount > Self.resumeThreshold : state.byteCount >= Self.pauseThreshold
            guard isFull != state.isPaused else { return }
            state.isPaused = isFull
            // Under the lock, so that a later crossing can't overtake this one: the handler only
            // hands the change on (it takes no lock its caller may hold, and never waits).
            state.handler?(isFull)
        }
    }

    /// Whether a write has failed since the last ``drain()`` (without waiting for queued ones).
    var hasFailed: Bool { failure.withLock { $0 != nil } }

    /// Waits until every queued buffer is written or skipped; returns the first failure since
    /// the last drain, and forgets it.
    func drain() -> Failure? {
        queue.sync {}
        return failure.withLock { state in
            defer { state = nil }
            return state
        }
    }

    /// Frees the written buffers kept for reuse (the writer is closing).
    func releaseBuffers() {
        spare.withLock { $0 = [] }
    }
}

/// The bytes gathered for one write.
// @unchecked Sendable: no lock; owned by one side at a time, the writer while it gathers into
// it, the queue from `submit` until it is written.
final class PartialDownloadBuffer: @unchecked Sendable {
    var bytes: [UInt8]

    init() {
        bytes = []
        bytes.reserveCapacity(PartialDownloadWriter.writeSize)
    }
}
