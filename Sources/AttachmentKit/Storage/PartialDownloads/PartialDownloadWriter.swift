import Foundation

/// Appends the bytes of one download to a ``PartialDownloadStore``'s partial file, hashing
/// them on the way, and records how far it has got so that the download can resume after a
/// relaunch.
///
/// Get one from ``PartialDownloadStore/openPartialDownload(for:validator:source:resumingAt:)``.
/// Appending is synchronous and safe from any thread (one lock, held for the write); call it
/// from the transport's data callback. Appended bytes are gathered into writes of
/// ``writeSize`` bytes: a network chunk is typically 16 KiB, and one `write(2)` per chunk cost a
/// fifth of a 256 MiB download's time. Every ``checkpointInterval`` bytes, and at
/// ``checkpoint()``, the bytes are written and flushed and the byte count and validator are
/// recorded: after a crash, the download resumes from the last checkpoint.
package final class PartialDownloadWriter: Sendable {
    /// The key the content will be stored under.
    package let key: ContentKey
    /// The version of the resource being downloaded, if the server gave one.
    package let validator: ResumeValidator?
    /// The bytes appended after which a checkpoint is taken: 8 MiB.
    package static let checkpointInterval: Int64 = 8 << 20
    /// The bytes gathered before they are written: 256 KiB, held only while the writer is open.
    static let writeSize = 256 << 10

    /// The response the bytes belong to, recorded at each checkpoint.
    let source: PartialDownloadSource
    let files: PartialDownloadFiles
    private let state: LockedState<State>

    private struct State {
        /// `nil` once the writer is closed.
        var descriptor: Int32?
        /// The checksum of the bytes in the file (not of those still gathered).
        var hasher: XXH64
        /// The bytes in the file.
        var written: Int64
        var checkpointed: Int64
        /// Appended bytes not yet written, fewer than ``writeSize``.
        var gathered: [UInt8] = []

        /// The bytes appended so far, written or gathered.
        var byteCount: Int64 { written + Int64(gathered.count) }
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
            State(descriptor: descriptor, hasher: hasher, written: byteCount, checkpointed: byteCount))
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
    ///   or the writer has been closed. A failed write cuts the file back to the end of the last
    ///   write that succeeded, and the bytes gathered since are dropped: ``byteCount`` then says
    ///   where a new writer resumes.
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
                state.gathered = []
                return (state.written, state.hasher.finalize())
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
                    state.gathered = []
                }
                try checkpoint(&state)
            }
        }.get()
    }

    /// The capacity of the buffer that gathers bytes: stays at ``writeSize`` however many
    /// writes there have been (for tests).
    var gatheringCapacity: Int {
        state.withLock { $0.gathered.capacity }
    }

    /// Whether the writer still accepts bytes.
    var isOpen: Bool {
        state.withLock { $0.descriptor != nil }
    }

    /// Closes the file without a checkpoint (its download is being discarded or replaced); the
    /// gathered bytes are dropped.
    func invalidate() {
        state.withLock { state in
            if let descriptor = state.descriptor { files.fileSystem.close(descriptor) }
            state.descriptor = nil
            state.gathered = []
        }
    }

    private func append(_ data: Data, to state: inout State) throws(ContentStoreError) {
        _ = try openDescriptor(state)
        if state.gathered.count + data.count > Self.writeSize { try writeGathered(&state) }
        if data.count >= Self.writeSize {
            try write(data, &state)
        } else {
            if state.gathered.capacity < Self.writeSize { state.gathered.reserveCapacity(Self.writeSize) }
            state.gathered.append(contentsOf: data)
        }
        if state.byteCount - state.checkpointed >= Self.checkpointInterval { try checkpoint(&state) }
    }

    /// Writes the gathered bytes, if any.
    private func writeGathered(_ state: inout State) throws(ContentStoreError) {
        guard !state.gathered.isEmpty else { return }
        // Moved out and back, so that the buffer is never shared when it is emptied: emptying
        // a shared array allocates a new one (256 KiB per write).
        var gathered: [UInt8] = []
        swap(&gathered, &state.gathered)
        try write(gathered, &state)
        gathered.removeAll(keepingCapacity: true)
        state.gathered = gathered
    }

    /// Writes `bytes` after the written ones and hashes them; on failure cuts the file back to
    /// the written bytes.
    private func write(_ bytes: some ContiguousBytes, _ state: inout State) throws(ContentStoreError) {
        let descriptor = try openDescriptor(state)
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in
                try files.fileSystem.write(descriptor, buffer, path: files.dataPath)
                return buffer.count
            }
        }
        switch written {
        case .success(let count):
            state.hasher.update(bytes)
            state.written += Int64(count)
        case .failure(let error):
            try? files.fileSystem.truncate(descriptor, to: state.written, path: files.dataPath)
            try? files.fileSystem.seek(descriptor, to: state.written, path: files.dataPath)
            throw .writeFailed(key, reason: error.description)
        }
    }

    private func checkpoint(_ state: inout State) throws(ContentStoreError) {
        let descriptor = try openDescriptor(state)
        try writeGathered(&state)
        do throws(FileSystemError) {
            if files.synchronizes { try files.fileSystem.synchronize(descriptor, path: files.dataPath) }
            if validator != nil {
                try files.writeState(
                    PartialDownloadRecord(
                        validator: validator, byteCount: state.written, hasher: state.hasher, source: source))
            }
        } catch {
            throw .writeFailed(key, reason: error.description)
        }
        state.checkpointed = state.written
    }

    private func openDescriptor(_ state: State) throws(ContentStoreError) -> Int32 {
        guard let descriptor = state.descriptor else {
            throw .writeFailed(key, reason: "its partial download was completed, discarded or opened again")
        }
        return descriptor
    }
}
