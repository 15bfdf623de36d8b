import Foundation

/// Appends the bytes of one download to a ``PartialDownloadStore``'s partial file, hashing
/// them on the way, and records how far it has got so that the download can resume after a
/// relaunch.
///
/// Get one from ``PartialDownloadStore/openPartialDownload(for:validator:source:resumingAt:)``.
/// Appending is synchronous, safe from any thread (one lock) and never waits for the disk;
/// call it from the transport's data callback. Appended bytes are gathered into writes of
/// ``writeSize`` bytes, which a thread of the writer's own makes while the next bytes arrive
/// (``PartialDownloadWriteQueue``). A network chunk is typically 16 KiB, and one `write(2)` per
/// chunk on the network's thread cost a third of a 256 MiB download's time. The bytes waiting
/// for the disk are ``backlogByteCount``; ``setBacklogHandler(_:)`` says when the reading should
/// stop and go on. Every ``checkpointInterval`` bytes the writer's thread flushes the bytes
/// before it and records the byte count and validator; ``checkpoint()`` does the same and waits:
/// after a crash, the download resumes from the last checkpoint.
package final class PartialDownloadWriter: Sendable {
    /// The key the content will be stored under.
    package let key: ContentKey
    /// The version of the resource being downloaded, if the server gave one.
    package let validator: RemotePart.Validator?
    /// The bytes appended after which a checkpoint is taken: 8 MiB.
    package static let checkpointInterval: Int64 = 8 << 20
    /// The bytes gathered before they are written: 256 KiB, held only while the writer is open.
    static let writeSize = 256 << 10

    /// The response the bytes belong to, recorded at each checkpoint.
    let source: PartialDownloadSource
    let files: PartialDownloadFiles
    private let writes: PartialDownloadWriteQueue
    private let state: LockedState<State>

    private struct State {
        /// `nil` once the writer is closed.
        var descriptor: Int32?
        /// The checksum of the bytes handed to ``writes`` (not of those still gathered).
        var hasher: XXH64
        /// The bytes handed to ``writes``: written, or queued to be.
        var submitted: Int64
        var checkpointed: Int64
        /// Appended bytes not yet handed over, fewer than ``writeSize``.
        var gathered: PartialDownloadBuffer?

        /// The bytes appended so far.
        var byteCount: Int64 { submitted + Int64(gathered?.bytes.count ?? 0) }
    }

    init(
        files: PartialDownloadFiles, validator: RemotePart.Validator?, source: PartialDownloadSource, descriptor: Int32,
        hasher: XXH64, byteCount: Int64
    ) {
        self.key = files.key
        self.validator = validator
        self.source = source
        self.files = files
        self.writes = PartialDownloadWriteQueue(files: files, descriptor: descriptor)
        self.state = LockedState(
            State(descriptor: descriptor, hasher: hasher, submitted: byteCount, checkpointed: byteCount))
    }

    deinit {
        invalidate()
    }

    /// The bytes written so far, including those appended before a resume.
    package var byteCount: Int64 {
        state.withLock { $0.byteCount }
    }

    /// Appends `data` to the partial download.
    ///
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when earlier bytes couldn't be
    ///   written (a write failure is reported by the next append or checkpoint) or the writer
    ///   has been closed. A failed write cuts the file back to where that write started, and the
    ///   bytes appended after it are dropped: ``byteCount`` then says where to resume.
    package func append(_ data: Data) throws(ContentStoreError) {
        try state.withLock { state in
            Result { () throws(ContentStoreError) in try append(data, to: &state) }
        }.get()
    }

    /// The bytes appended and not yet written (gathered or queued).
    var backlogByteCount: Int {
        state.withLock { writes.backlogByteCount + ($0.gathered?.bytes.count ?? 0) }
    }

    /// Calls `handler` with `true` when so many bytes wait for the disk that the download should
    /// stop reading, and with `false` when it may read again (see ``PartialDownloadWriteQueue``).
    /// `handler` must only hand the news on: it is called under a lock, from the thread that
    /// appends or the writer's own.
    func setBacklogHandler(_ handler: @escaping @Sendable (_ isFull: Bool) -> Void) {
        writes.setBacklogHandler(handler)
    }

    /// Flushes the bytes written so far and records the byte count, so that a relaunch
    /// resumes from here.
    ///
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when flushing or recording
    ///   fails, or the writer has been closed.
    package func checkpoint() throws(ContentStoreError) {
        try state.withLock { state in
            Result { () throws(ContentStoreError) in try checkpoint(&state) }
        }.get()
    }

    /// Takes a last checkpoint and closes the file; returns the size and checksum of the bytes
    /// written.
    func finish() throws(ContentStoreError) -> (byteCount: Int64, checksum: UInt64) {
        try state.withLock { state in
            Result { () throws(ContentStoreError) in
                try checkpoint(&state)
                closeFile(&state)
                return (state.submitted, state.hasher.finalize())
            }
        }.get()
    }

    /// Takes a checkpoint and closes the file: call it when the transfer stops short
    /// (cancelled, or failed with a retryable error) so that the bytes are kept for resuming.
    /// Later appends throw; resume with a new writer. Closing a closed writer does nothing.
    ///
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when the checkpoint fails (the
    ///   bytes could not be flushed or the byte count recorded): the file is closed anyway,
    ///   and a relaunch resumes from the last checkpoint that succeeded.
    package func close() throws(ContentStoreError) {
        try state.withLock { state in
            Result { () throws(ContentStoreError) in
                guard state.descriptor != nil else { return }
                defer { closeFile(&state) }
                try checkpoint(&state)
            }
        }.get()
    }

    /// The capacity of the buffer gathering bytes, 0 when none is: stays at ``writeSize``
    /// however many writes there have been (for tests).
    var gatheringCapacity: Int {
        state.withLock { $0.gathered?.bytes.capacity ?? 0 }
    }

    /// Whether the writer still accepts bytes.
    var isOpen: Bool {
        state.withLock { $0.descriptor != nil }
    }

    /// Closes the file without a checkpoint (its download is being discarded or replaced); the
    /// gathered bytes are dropped.
    func invalidate() {
        state.withLock { closeFile(&$0) }
    }

    /// Waits for the queued writes, closes the file and frees the buffers; nothing is written
    /// after it returns. Does nothing when the file is closed already.
    private func closeFile(_ state: inout State) {
        guard let descriptor = state.descriptor else { return }
        _ = writes.drain()
        files.fileSystem.close(descriptor)
        state.descriptor = nil
        state.gathered = nil
        writes.releaseBuffers()
    }

    private func append(_ data: Data, to state: inout State) throws(ContentStoreError) {
        _ = try openDescriptor(state)
        var remaining = data[...]
        while !remaining.isEmpty {
            let buffer = state.gathered ?? writes.buffer()
            state.gathered = buffer
            let piece = remaining.prefix(Self.writeSize - buffer.bytes.count)
            buffer.bytes.append(contentsOf: piece)
            remaining = remaining.dropFirst(piece.count)
            if buffer.bytes.count == Self.writeSize { try submitGathered(&state) }
        }
        if state.byteCount - state.checkpointed >= Self.checkpointInterval { try queueCheckpoint(&state) }
    }

    /// Submits the gathered bytes and queues a checkpoint after them, without waiting for it.
    private func queueCheckpoint(_ state: inout State) throws(ContentStoreError) {
        try submitGathered(&state)
        writes.checkpoint(
            PartialDownloadRecord(
                validator: validator, byteCount: state.submitted, hasher: state.hasher, source: source))
        state.checkpointed = state.submitted
    }

    /// Hashes the gathered bytes, if any, and queues them after the submitted ones, first
    /// reporting a write that failed since the last report.
    private func submitGathered(_ state: inout State) throws(ContentStoreError) {
        guard let buffer = state.gathered, !buffer.bytes.isEmpty else { return }
        try reportFailedWrite(&state, waiting: false)
        state.gathered = nil
        let (offset, hashBefore) = (state.submitted, state.hasher)
        state.hasher.update(buffer.bytes)
        state.submitted += Int64(buffer.bytes.count)
        writes.submit(buffer, at: offset, hashBefore: hashBefore)
    }

    /// Throws if a queued write failed (waiting for every queued write first when `waiting`),
    /// after cutting the file and the writer's state back to where that write started.
    private func reportFailedWrite(_ state: inout State, waiting: Bool) throws(ContentStoreError) {
        guard waiting || writes.hasFailed, let failure = writes.drain() else { return }
        let descriptor = try openDescriptor(state)
        try? files.fileSystem.truncate(descriptor, to: failure.offset, path: files.dataPath)
        try? files.fileSystem.seek(descriptor, to: failure.offset, path: files.dataPath)
        state.submitted = failure.offset
        state.hasher = failure.hashBefore
        state.gathered = nil
        throw .writeFailed(key, reason: failure.error.description)
    }

    private func checkpoint(_ state: inout State) throws(ContentStoreError) {
        let descriptor = try openDescriptor(state)
        try submitGathered(&state)
        try reportFailedWrite(&state, waiting: true)
        do throws(FileSystemError) {
            if files.synchronizes { try files.fileSystem.synchronize(descriptor, path: files.dataPath) }
            if validator != nil {
                try files.writeState(
                    PartialDownloadRecord(
                        validator: validator, byteCount: state.submitted, hasher: state.hasher, source: source))
            }
        } catch {
            throw .writeFailed(key, reason: error.description)
        }
        state.checkpointed = state.submitted
    }

    private func openDescriptor(_ state: State) throws(ContentStoreError) -> Int32 {
        guard let descriptor = state.descriptor else {
            throw .writeFailed(key, reason: "its partial download was completed, discarded or opened again")
        }
        return descriptor
    }
}
