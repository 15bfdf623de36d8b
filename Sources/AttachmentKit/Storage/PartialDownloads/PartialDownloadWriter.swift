import Foundation

/// Appends the bytes of one download to a ``PartialDownloadStore``'s partial file, hashing
/// them on the way, and records how far it has got so that the download can resume after a
/// relaunch.
///
/// Get one from ``PartialDownloadStore/openPartialDownload(for:validator:source:resumingAt:)``.
/// Appending is synchronous and safe from any thread (one lock, held for the write); call it
/// from the transport's data callback. Every ``checkpointInterval`` bytes, and at
/// ``checkpoint()``, the bytes are flushed and the byte count and validator are recorded:
/// after a crash, the download resumes from the last checkpoint.
package final class PartialDownloadWriter: Sendable {
    /// The key the content will be stored under.
    package let key: ContentKey
    /// The version of the resource being downloaded, if the server gave one.
    package let validator: ResumeValidator?
    /// The bytes appended after which a checkpoint is taken: 8 MiB.
    package static let checkpointInterval: Int64 = 8 << 20

    /// The response the bytes belong to, recorded at each checkpoint.
    let source: PartialDownloadSource
    let files: PartialDownloadFiles
    private let state: LockedState<State>

    private struct State {
        /// `nil` once the writer is closed.
        var descriptor: Int32?
        var hasher: XXH64
        var byteCount: Int64
        var checkpointed: Int64
    }

    init(
        files: PartialDownloadFiles, validator: ResumeValidator?, source: PartialDownloadSource, descriptor: Int32,
        hasher: XXH64, byteCount: Int64
    ) {
        self.key = files.key
        self.validator = validator
        self.source = source
        self.files = files
        self.state = LockedState(
            State(descriptor: descriptor, hasher: hasher, byteCount: byteCount, checkpointed: byteCount))
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
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when the bytes can't be written
    ///   (the file is then cut back to where it was) or the writer has been closed.
    package func append(_ data: Data) throws(ContentStoreError) {
        try state.withLock { state in
            Result { () throws(ContentStoreError) in try append(data, to: &state) }
        }.get()
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
                if let descriptor = state.descriptor { files.fileSystem.close(descriptor) }
                state.descriptor = nil
                return (state.byteCount, state.hasher.finalize())
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
                guard let descriptor = state.descriptor else { return }
                defer {
                    files.fileSystem.close(descriptor)
                    state.descriptor = nil
                }
                try checkpoint(&state)
            }
        }.get()
    }

    /// Whether the writer still accepts bytes.
    var isOpen: Bool {
        state.withLock { $0.descriptor != nil }
    }

    /// Closes the file without a checkpoint (its download is being discarded or replaced).
    func invalidate() {
        state.withLock { state in
            if let descriptor = state.descriptor { files.fileSystem.close(descriptor) }
            state.descriptor = nil
        }
    }

    private func append(_ data: Data, to state: inout State) throws(ContentStoreError) {
        let descriptor = try openDescriptor(state)
        do {
            try files.fileSystem.write(descriptor, data, path: files.dataPath)
        } catch {
            try? files.fileSystem.truncate(descriptor, to: state.byteCount, path: files.dataPath)
            try? files.fileSystem.seek(descriptor, to: state.byteCount, path: files.dataPath)
            throw .writeFailed(key, reason: error.description)
        }
        state.hasher.update(data)
        state.byteCount += Int64(data.count)
        if state.byteCount - state.checkpointed >= Self.checkpointInterval { try checkpoint(&state) }
    }

    private func checkpoint(_ state: inout State) throws(ContentStoreError) {
        let descriptor = try openDescriptor(state)
        do throws(FileSystemError) {
            if files.synchronizes { try files.fileSystem.synchronize(descriptor, path: files.dataPath) }
            if validator != nil {
                try files.writeState(
                    PartialDownloadRecord(
                        validator: validator, byteCount: state.byteCount, hasher: state.hasher, source: source))
            }
        } catch {
            throw .writeFailed(key, reason: error.description)
        }
        state.checkpointed = state.byteCount
    }

    private func openDescriptor(_ state: State) throws(ContentStoreError) -> Int32 {
        guard let descriptor = state.descriptor else {
            throw .writeFailed(key, reason: "its partial download was completed, discarded or opened again")
        }
        return descriptor
    }
}
