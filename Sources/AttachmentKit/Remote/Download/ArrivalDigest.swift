import Foundation

/// The SHA-256 of a download's bytes, computed as they arrive: the per-chunk hook of
/// ``RemoteDownload`` when the part declares a digest (a ``RemotePart/sha256``, or the
/// ciphertext of an ``EncryptedPart``), so that the check needs no second pass over the file.
///
/// It hashes the bytes `0..<byteCount` of the partial file. Where the download starts writing
/// somewhere else (a resume, after a relaunch or an overrun; a restart from zero),
/// ``catchUp(to:fileAt:)`` first hashes the kept prefix from the file, once. No hash state is
/// persisted: the kept bytes are read again only on a resume, and what is hashed is always the
/// bytes on disk that will be decrypted or stored.
final class ArrivalDigest: ArrivalConsumer {
    private let state = LockedState((hasher: SHA256(), byteCount: Int64(0)))

    /// Adds the next bytes, which follow those hashed so far in the file.
    func update(_ chunk: Data) {
        state.withLock { state in
            state.hasher.update(chunk)
            state.byteCount += Int64(chunk.count)
        }
    }

    /// Makes the digest cover exactly the first `offset` bytes of the file at `path`: nothing
    /// to do when it already does (the common case), a fresh start at zero, or the prefix read
    /// from the file.
    ///
    /// - Throws: ``RemotePartError/storeFailed(_:)`` when the prefix can't be read.
    func catchUp(to offset: Int64, fileAt path: String) throws(RemotePartError) {
        let caughtUp = state.withLock { state -> Bool in
            guard state.byteCount != offset else { return true }
            guard offset > 0 else {
                state = (SHA256(), 0)
                return true
            }
            guard let hasher = Self.hasher(ofFileAt: URL(fileURLWithPath: path), firstBytes: offset) else {
                return false
            }
            state = (hasher, offset)
            return true
        }
        guard caughtUp else {
            throw .storeFailed(
                .unreadableSource(
                    URL(fileURLWithPath: path), reason: "its \(offset) kept bytes can't be read to hash them"))
        }
    }

    /// The digest of the bytes hashed so far.
    func finalize() -> SHA256Digest {
        state.withLock { $0.hasher }.finalize()
    }

    /// The hash state after the first `firstBytes` bytes of a file (the whole file when `nil`);
    /// `nil` when it can't be read or is shorter.
    static func hasher(ofFileAt url: URL, firstBytes: Int64? = nil) -> SHA256? {
        var hasher = SHA256()
        let read = try? FilePieces.read(url, length: firstBytes) { hasher.update(UnsafeRawBufferPointer($0)) }
        guard let read, firstBytes.map({ read == $0 }) ?? true else { return nil }
        return hasher
    }
}
