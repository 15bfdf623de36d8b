import Dispatch
import Foundation

/// Writes one partial download's gathered bytes on a thread of its own, in order, so that the
/// network callback can read the next chunk while the last ones go to disk.
///
/// At most ``maximumQueued`` buffers wait or are being written; ``submit(_:at:hashBefore:)``
/// blocks while that many are, which passes the disk's pace back to the network. A written
/// buffer is kept for the next ``buffer()``, so a download allocates at most three, and each is
/// allocated and freed on the same thread. After a write fails, later writes are skipped until
/// ``drain()`` reports the failure.
final class PartialDownloadWriteQueue: Sendable {
    /// The first write that failed since the last ``drain()``: where its bytes started, the
    /// checksum state of the bytes before them, and why.
    struct Failure: Sendable {
        let offset: Int64
        let hashBefore: XXH64
        let error: FileSystemError
    }

    /// The buffers that may wait or be written at once: 2 of 256 KiB.
    static let maximumQueued = 2

    private let files: PartialDownloadFiles
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "AttachmentKit.PartialDownloadWriteQueue")
    private let slots = DispatchSemaphore(value: PartialDownloadWriteQueue.maximumQueued)
    private let failure = LockedState<Failure?>(nil)
    private let spare = LockedState<[PartialDownloadBuffer]>([])

    /// Writes to `descriptor`, the open data file of `files`, from its current position.
    init(files: PartialDownloadFiles, descriptor: Int32) {
        self.files = files
        self.descriptor = descriptor
    }

    /// An empty buffer to gather into: a written one if there is one.
    func buffer() -> PartialDownloadBuffer {
        spare.withLock { $0.popLast() } ?? PartialDownloadBuffer()
    }

    /// Queues `buffer`, whose bytes belong at `offset` and follow bytes whose checksum state is
    /// `hashBefore`; waits first while ``maximumQueued`` buffers are queued. The queue owns
    /// `buffer` from now on.
    func submit(_ buffer: PartialDownloadBuffer, at offset: Int64, hashBefore: XXH64) {
        slots.wait()
        queue.async { [self] in
            defer {
                buffer.bytes.removeAll(keepingCapacity: true)
                spare.withLock { $0.append(buffer) }
                slots.signal()
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
