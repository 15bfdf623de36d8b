import Foundation

/// Encrypting a file for sending and decrypting a received one, file to file, in the format of
/// ``EncryptedFile``.
///
/// ```swift
/// let file = try EncryptedAttachment.encrypt(fileAt: photoURL, to: ciphertextURL)
/// // Upload ciphertextURL; send file.jsonData() inside the end-to-end encrypted message.
/// try EncryptedAttachment.decrypt(fileAt: ciphertextURL, to: plaintextURL, using: file)
/// ```
public enum EncryptedAttachment {
    /// Encrypts the file at `source` into a new file at `destination` with a fresh key and IV,
    /// and returns the ``EncryptedFile`` that decrypts it.
    ///
    /// The key (32 bytes) and the IV's nonce (its high 64 bits) come from the system's secure
    /// random source; the IV's counter starts at zero (v2). The file streams through in 1 MiB
    /// blocks and the ciphertext's SHA-256 is computed as it is written. The key is in the
    /// returned value only: it is not logged and nothing else is written.
    ///
    /// - Parameters:
    ///   - source: The plaintext file.
    ///   - destination: Where the ciphertext goes; replaced if it exists.
    ///   - url: The `url` to record in the object (where the ciphertext will be), if known.
    /// - Throws: ``EncryptedAttachment/Error``; `destination` is then removed.
    public static func encrypt(fileAt source: URL, to destination: URL, url: String? = nil)
        throws(EncryptedAttachment.Error) -> EncryptedFile
    {
        let key = try SecureRandom.bytes(32)
        let vector = try SecureRandom.bytes(8) + [UInt8](repeating: 0, count: 8)
        var cipher = AESCounterMode(key: key, initialCounter: vector, semantics: .wrapsAt64Bits)
        try? FileManager.default.removeItem(at: destination)
        let digest = try CipherFileStream.run(from: source, to: destination, cipher: &cipher, hashing: .output)
        return EncryptedFile(version: .v2, url: url, key: key, initializationVector: vector, ciphertextSHA256: digest)
    }

    /// Decrypts the ciphertext file at `source` into `destination`, which appears only once the
    /// ciphertext's SHA-256 matched (and, for an image type, the plaintext is an image of it; for
    /// a type ``FileType/verify(_:declaredType:)`` checks, such as a PDF or a video, a file of it).
    ///
    /// The plaintext goes to a hidden staging file beside `destination` as the ciphertext is
    /// hashed, in one pass, and is renamed to `destination` after the checks; on any failure
    /// the staging file is removed and `destination` is left as it was.
    ///
    /// - Parameters:
    ///   - source: The ciphertext file.
    ///   - destination: Where the plaintext goes; replaced if it exists.
    ///   - file: The key, IV and hash.
    ///   - declaredType: The plaintext's declared type, checked as downloads are.
    /// - Throws: ``EncryptedAttachment/Error/hashMismatch(expected:actual:)``,
    ///   ``EncryptedAttachment/Error/contentMismatch(_:)``,
    ///   ``EncryptedAttachment/Error/fileContentMismatch(_:)``, or a file error.
    public static func decrypt(
        fileAt source: URL, to destination: URL, using file: EncryptedFile, declaredType: MIMEType? = nil
    ) throws(EncryptedAttachment.Error) {
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).decrypting-\(UUID().uuidString)")
        try decrypt(fileAt: source, toStaging: staging, using: file, declaredType: declaredType)
        // rename(2) replaces `destination` atomically: it never holds a partial plaintext.
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw .writeFailed(destination, reason: reason)
        }
    }

    /// Decrypts `source` into the new file `staging`, hashing it in the same pass, and checks
    /// it: on return the plaintext is verified; on a throw `staging` does not exist. (A
    /// ``RemotePart``'s ciphertext is instead decrypted as it arrives: see ``ArrivalDecryptor``.)
    ///
    /// - Parameter progress: Called after each block with the bytes decrypted so far.
    static func decrypt(
        fileAt source: URL, toStaging staging: URL, using file: EncryptedFile, declaredType: MIMEType?,
        progress: ((Int64) -> Void)? = nil
    ) throws(EncryptedAttachment.Error) {
        var cipher = AESCounterMode(
            key: file.key, initialCounter: file.initializationVector, semantics: file.counterSemantics)
        let digest = try CipherFileStream.run(
            from: source, to: staging, cipher: &cipher, hashing: .input, progress: progress)
        if digest != file.ciphertextSHA256 {
            try? FileManager.default.removeItem(at: staging)
            throw .hashMismatch(expected: file.ciphertextSHA256.hex, actual: digest.hex)
        }
        try checkContent(ofStaging: staging, declaredType: declaredType)
    }

    /// Checks the plaintext at `staging` against `declaredType` as any download is checked (an
    /// image must be an image of its type; a PDF, ZIP, MP3 or video must be one); on a mismatch
    /// `staging` is removed.
    static func checkContent(ofStaging staging: URL, declaredType: MIMEType?) throws(EncryptedAttachment.Error) {
        guard let declaredType else { return }
        do {
            try ContentCheck(policy: .default).verifyDownloaded(.file(staging), declaredType: declaredType)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            switch error {
            case .image(let mismatch): throw .contentMismatch(mismatch)
            case .file(let mismatch): throw .fileContentMismatch(mismatch)
            }
        }
    }
}
