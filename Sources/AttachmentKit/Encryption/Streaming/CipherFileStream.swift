import Foundation

/// Streams a file through AES-256-CTR into another, 1 MiB at a time, hashing the ciphertext
/// on the way unless it was hashed as it arrived: the input when decrypting, the output when
/// encrypting. Never the whole file in memory, and one pass over it.
struct CipherFileStream {
    /// Which side of the cipher is the ciphertext, to hash.
    enum HashedSide { case input, output }

    static let chunkSize = 1 << 20

    /// Transforms `source` into a new file at `destination` (readable by this user only) and
    /// returns the SHA-256 of the `hashing` side (of no bytes when it is `nil`). After each block it
    /// calls `progress` with the bytes done so far. On failure `destination` is removed.
    @discardableResult
    static func run(
        from source: URL, to destination: URL, cipher: inout AESCounterMode, hashing: HashedSide?,
        progress: ((Int64) -> Void)? = nil
    ) throws(EncryptedAttachment.Error) -> SHA256Digest {
        guard let input = FileHandle(forReadingAtPath: source.path) else {
            throw .unreadable(source, reason: "it can't be opened")
        }
        defer { try? input.close() }
        let output = try create(destination)
        var hasher = SHA256()
        var done: Int64 = 0
        do {
            defer { try? output.close() }
            do {
                try FilePieces.read(input.fileDescriptor, pieceSize: chunkSize) { bytes in
                    if hashing == .input { hasher.update(UnsafeRawBufferPointer(bytes)) }
                    cipher.apply(to: bytes)
                    if hashing == .output { hasher.update(UnsafeRawBufferPointer(bytes)) }
                    do {
                        try output.write(contentsOf: UnsafeRawBufferPointer(bytes))
                    } catch {
                        throw EncryptedAttachment.Error.writeFailed(destination, reason: "\(error)")
                    }
                    done += Int64(bytes.count)
                    progress?(done)
                }
            } catch let error as EncryptedAttachment.Error {
                throw error
            } catch {
                throw EncryptedAttachment.Error.unreadable(source, reason: "\(error)")
            }
            do {
                try output.synchronize()
            } catch {
                throw EncryptedAttachment.Error.writeFailed(destination, reason: "\(error)")
            }
        } catch let error as EncryptedAttachment.Error {
            try? FileManager.default.removeItem(at: destination)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw .writeFailed(destination, reason: "\(error)")
        }
        return hasher.finalize()
    }

    /// Creates `url` empty, readable and writable by this user only, and opens it for writing.
    static func create(_ url: URL) throws(EncryptedAttachment.Error) -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw .writeFailed(url, reason: "it can't be created")
        }
        return handle
    }
}
