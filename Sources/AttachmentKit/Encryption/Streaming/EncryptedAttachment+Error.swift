import Foundation

extension EncryptedAttachment {
    /// Why an encrypted attachment could not be encrypted or decrypted.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The ciphertext's SHA-256 is not the one its ``EncryptedFile`` declares: it was altered,
        /// truncated or extended, or belongs to another message. Nothing of it was kept.
        case hashMismatch(expected: String, actual: String)
        /// The decrypted bytes are not of the declared type (an "image" that decrypts to HTML).
        case contentMismatch(ImageInspector.VerificationError)
        /// The decrypted bytes are not the file type declared (a "PDF" or a video that decrypts to
        /// HTML; see ``FileType/verify(_:declaredType:)``).
        case fileContentMismatch(FileType.VerificationError)
        /// A file could not be read: its URL and why.
        case unreadable(URL, reason: String)
        /// A file could not be written: its URL and why.
        case writeFailed(URL, reason: String)
        /// The system's secure random source failed, with its status (`errno` on Linux).
        case randomSourceFailed(Int32)
        /// The decrypted attachment could not be put in the store.
        case storeFailed(ContentStoreError)

        public var description: String {
            switch self {
            case .hashMismatch(let expected, let actual):
                "the ciphertext's SHA-256 is \(actual), not the declared \(expected): nothing was decrypted"
            case .contentMismatch(let error): "the decrypted attachment is not what its type says: \(error)"
            case .fileContentMismatch(let error): "the decrypted file is not what its type says: \(error)"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            case .writeFailed(let url, let reason): "can't write \(url.path): \(reason)"
            case .randomSourceFailed(let status): "the system's secure random source failed (\(status))"
            case .storeFailed(let error): "can't store the decrypted attachment: \(error)"
            }
        }
    }
}
