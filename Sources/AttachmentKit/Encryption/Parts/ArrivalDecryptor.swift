import Dispatch
import Foundation

/// Decrypts the ciphertext of an ``EncryptedPart`` into its staging file as the bytes arrive,
/// so that the download is the only pass over them: the ``ArrivalConsumer`` its ciphertext's
/// download feeds, beside the ``ArrivalDigest`` that hashes the same bytes.
///
/// The transport's thread only queues each chunk (``update(_:)``); a serial queue of the
/// decryptor's own decrypts it and writes the plaintext at the same offset of the staging
/// file, in writes of ``writeSize``, so the cipher's cost (the portable AES decrypts about
/// 80 MB/s) never holds back the transport's thread, which every download shares on Linux.
/// The queue is bounded (``backlogLimit``): a download that outruns the cipher (loopback) is
/// neither held back nor stopped; the decryptor stops taking its chunks, and the finish
/// decrypts the rest from the complete ciphertext file (stopping the transfer and resuming it,
/// as a writer that falls behind does, would cancel a task each time, which on Linux can reach
/// FoundationNetworking's trap for a task that completed meanwhile).
///
/// The staging file holds the plaintext of the first bytes of the ciphertext file, always: a
/// resume first decrypts the kept bytes it lacks, read once from the partial file (counter mode
/// seeks to any offset), and a restart from zero cuts it back. Nothing here decides that the
/// plaintext is good: the part keeps it only after the ciphertext's hash matched
/// (``finish(byteCount:from:)``), and removes it otherwise (``discard()``).
final class ArrivalDecryptor: ArrivalConsumer {
    /// The plaintext gathered before it is written: 256 KiB.
    static let writeSize = 256 << 10

    /// The staging file, in a store's staging folder.
    let staging: URL
    private let file: EncryptedFile
    private let queue = DispatchQueue(label: "AttachmentKit.ArrivalDecryptor")
    /// The most bytes queued and not decrypted yet: the transfer's buffer limit.
    let backlogLimit: Int
    /// The bytes queued and not decrypted yet, and whether the decryptor stopped taking chunks
    /// (they went past ``backlogLimit``) until the next catch-up.
    private let intake = LockedState((backlog: 0, isBehind: false))
    /// Changed on `queue` only (and read once it is drained).
    private let worker: LockedState<Worker>

    private struct Worker {
        /// `nil` once finished or discarded.
        var descriptor: Int32?
        /// Positioned at `decrypted`.
        var cipher: AESCounterMode
        /// The ciphertext bytes `0..<decrypted` are decrypted: written, or in `gathered`.
        var decrypted: Int64 = 0
        /// Plaintext not written yet, which ends at `decrypted`.
        var gathered: [UInt8] = []
        /// The first failure; later work is skipped.
        var failure: EncryptedAttachment.Error?
    }

    /// Creates the staging file at `staging` (readable by this user only) for `file`'s
    /// plaintext, queueing at most `backlogLimit` bytes of ciphertext.
    init(
        file: EncryptedFile, staging: URL, backlogLimit: Int = MemoryBudget.current.transferBufferLimit
    ) throws(EncryptedAttachment.Error) {
        self.backlogLimit = backlogLimit
        let descriptor = open(staging.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard descriptor >= 0 else { throw .writeFailed(staging, reason: String(cString: strerror(errno))) }
        self.staging = staging
        self.file = file
        worker = LockedState(Worker(descriptor: descriptor, cipher: Self.cipher(for: file, at: 0)))
    }

    deinit {
        // Neither finished nor discarded (a path that forgot to): no plaintext stays behind.
        if let descriptor = worker.withLock({ $0.descriptor }) {
            _ = close(descriptor)
            _ = unlink(staging.path)
        }
    }

    /// The bytes queued and not decrypted yet.
    var backlogByteCount: Int { intake.withLock { $0.backlog } }

    /// Whether the decryptor stopped taking chunks: the rest is decrypted from the file.
    var isBehind: Bool { intake.withLock { $0.isBehind } }

    func update(_ chunk: Data) {
        let taken = intake.withLock { intake -> Bool in
            if !intake.isBehind, intake.backlog + chunk.count > backlogLimit { intake.isBehind = true }
            guard !intake.isBehind else { return false }
            intake.backlog += chunk.count
            return true
        }
        guard taken else { return }
        queue.async { [self] in
            worker.withLock { worker in decrypt(chunk, into: &worker) }
            intake.withLock { $0.backlog -= chunk.count }
        }
    }

    /// Queues the staging file's move to `offset`: the kept ciphertext it lacks is read from the
    /// file at `path` (opened now, so that a later rename doesn't matter), what it has beyond
    /// `offset` is cut off.
    func catchUp(to offset: Int64, fileAt path: String) throws(RemotePartError) {
        let source = offset > 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1
        guard offset == 0 || source >= 0 else {
            throw .storeFailed(
                .unreadableSource(
                    URL(fileURLWithPath: path), reason: "its \(offset) kept bytes can't be read to decrypt them"))
        }
        // The chunks that follow are taken again, after the kept bytes.
        intake.withLock { $0.isBehind = false }
        queue.async { [self] in
            worker.withLock { worker in move(&worker, to: offset, readingFrom: source) }
            if source >= 0 { _ = close(source) }
        }
    }

    /// Returns once the queued work is done.
    func drain() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in queue.async { done.resume() } }
    }

    /// Decrypts what the staging file lacks of the first `byteCount` bytes of `ciphertext` (the
    /// verified ciphertext: all of it when the download wrote none, after a 416 that completed
    /// kept bytes), flushes the file to disk and closes it. The staging file then holds the
    /// whole plaintext; on a throw it is removed.
    func finish(byteCount: Int64, from ciphertext: PartContent) async throws(EncryptedAttachment.Error) {
        let source: Int32
        switch ciphertext {
        case .file(let url): source = open(url.path, O_RDONLY | O_CLOEXEC)
        case .data: source = -1
        }
        let failure = await withCheckedContinuation { (done: CheckedContinuation<EncryptedAttachment.Error?, Never>) in
            queue.async { [self] in
                let failure = worker.withLock { worker -> EncryptedAttachment.Error? in
                    if case .data(let data) = ciphertext {
                        move(&worker, to: min(worker.decrypted, byteCount), readingFrom: -1)
                        if let start = Int(exactly: worker.decrypted), let end = Int(exactly: byteCount), start < end {
                            decrypt(Data(data.dropFirst(start).prefix(end - start)), into: &worker)
                        }
                    } else {
                        move(&worker, to: byteCount, readingFrom: source)
                    }
                    flush(&worker)
                    if worker.failure == nil, let descriptor = worker.descriptor, fsync(descriptor) != 0 {
                        worker.failure = .writeFailed(staging, reason: String(cString: strerror(errno)))
                    }
                    if let descriptor = worker.descriptor { _ = close(descriptor) }
                    worker.descriptor = nil
                    return worker.failure
                }
                if source >= 0 { _ = close(source) }
                done.resume(returning: failure)
            }
        }
        if let failure {
            _ = unlink(staging.path)
            throw failure
        }
    }

    /// Closes and removes the staging file, once the work queued before is done.
    func discard() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                worker.withLock { worker in
                    if let descriptor = worker.descriptor { _ = close(descriptor) }
                    worker.descriptor = nil
                    worker.gathered = []
                }
                _ = unlink(staging.path)
                done.resume()
            }
        }
    }

    // MARK: On the queue

    /// Decrypts `chunk`, the ciphertext at `decrypted`, into the gathered plaintext.
    private func decrypt(_ chunk: Data, into worker: inout Worker) {
        guard worker.failure == nil, worker.descriptor != nil, !chunk.isEmpty else { return }
        var remaining = chunk[...]
        while !remaining.isEmpty {
            let piece = remaining.prefix(Self.writeSize - worker.gathered.count)
            let start = worker.gathered.count
            worker.gathered.append(contentsOf: piece)
            worker.gathered.withUnsafeMutableBytes {
                worker.cipher.apply(to: UnsafeMutableRawBufferPointer(rebasing: $0[start...]))
            }
            worker.decrypted += Int64(piece.count)
            remaining = remaining.dropFirst(piece.count)
            if worker.gathered.count >= Self.writeSize { flush(&worker) }
        }
    }

    /// Makes the decrypted bytes end at `offset`: decrypts those it lacks from `source`, an open
    /// ciphertext file, or cuts the plaintext back.
    private func move(_ worker: inout Worker, to offset: Int64, readingFrom source: Int32) {
        guard worker.failure == nil, worker.decrypted != offset else { return }
        flush(&worker)
        guard worker.failure == nil, let descriptor = worker.descriptor else { return }
        if worker.decrypted > offset {
            guard ftruncate(descriptor, off_t(offset)) == 0 else {
                worker.failure = .writeFailed(staging, reason: String(cString: strerror(errno)))
                return
            }
            worker.cipher = Self.cipher(for: file, at: offset)
            worker.decrypted = offset
            return
        }
        struct Failed: Swift.Error {}
        let start = worker.decrypted
        do {
            let read = try FilePieces.read(source, from: start, length: offset - start) { piece in
                decrypt(Data(piece), into: &worker)
                if worker.failure != nil { throw Failed() }
            }
            if read < offset - start {
                worker.failure = .unreadable(
                    staging, reason: "the kept ciphertext can't be read: it ends before byte \(offset)")
            }
        } catch let error as POSIXError {
            worker.failure = .unreadable(
                staging, reason: "the kept ciphertext can't be read: \(String(cString: strerror(error.code.rawValue)))")
        } catch {
            // `Failed`: the decryption's own failure is recorded.
        }
    }

    /// Writes the gathered plaintext where it belongs.
    private func flush(_ worker: inout Worker) {
        guard !worker.gathered.isEmpty else { return }
        defer { worker.gathered.removeAll(keepingCapacity: true) }
        guard worker.failure == nil, let descriptor = worker.descriptor else { return }
        var offset = worker.decrypted - Int64(worker.gathered.count)
        let failed = worker.gathered.withUnsafeBytes { bytes -> Bool in
            var written = 0
            while written < bytes.count {
                let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                written += count
                offset += Int64(count)
            }
            return false
        }
        if failed { worker.failure = .writeFailed(staging, reason: String(cString: strerror(errno))) }
    }

    /// The cipher of `file` positioned at byte `offset`.
    private static func cipher(for file: EncryptedFile, at offset: Int64) -> AESCounterMode {
        AESCounterMode(
            key: file.key, initialCounter: file.initializationVector, semantics: file.counterSemantics, offset: offset)
    }
}
