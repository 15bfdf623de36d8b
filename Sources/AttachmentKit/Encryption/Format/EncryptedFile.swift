import Foundation

/// What decrypts one encrypted attachment, as Matrix's `EncryptedFile` object carries it in
/// the message: AES-256-CTR with a single-use key and IV, and the SHA-256 of the ciphertext.
///
/// Read it from the message's JSON with ``init(json:acceptedVersions:)``, which checks every
/// field; write it with ``jsonData()``. It holds the key: keep it only where the message is
/// kept. Its `description` leaves the key and IV out, so logging the value leaks neither.
public struct EncryptedFile: Sendable, Equatable, CustomStringConvertible {
    /// The format versions, each with its counter semantics.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        /// The current one: the IV's low 64 bits (the counter) start at zero.
        case v2
        /// The 64-bit counter of Matrix's WebCrypto code, from any IV: accepted only on request.
        case v1
        /// A 128-bit counter from any IV, as Android's first clients wrote: accepted only on request.
        case v0
    }

    /// The format's version.
    public let version: Version
    /// The content's URL (Matrix's `mxc://` URL), when the object has one.
    public let url: String?
    /// The AES-256 key: 32 bytes.
    let key: [UInt8]
    /// The initial counter block: 16 bytes.
    let initializationVector: [UInt8]
    /// The SHA-256 of the ciphertext.
    let ciphertextSHA256: SHA256Digest

    init(version: Version, url: String?, key: [UInt8], initializationVector: [UInt8], ciphertextSHA256: SHA256Digest) {
        self.version = version
        self.url = url
        self.key = key
        self.initializationVector = initializationVector
        self.ciphertextSHA256 = ciphertextSHA256
    }

    /// The ciphertext's SHA-256 as 64 hexadecimal digits (not secret: the server can compute it).
    package var ciphertextSHA256Hex: String { ciphertextSHA256.hex }

    /// How the counter advances in this version.
    var counterSemantics: CounterSemantics {
        version == .v0 ? .carriesInto128Bits : .wrapsAt64Bits
    }

    /// A fingerprint of the key and IV: a domain-separated SHA-256 that tells two keys apart
    /// without revealing either (store keys depend on it).
    var keyFingerprint: SHA256Digest {
        var hasher = SHA256()
        hasher.update(Array("AttachmentKit.EncryptedFile.key+iv\u{0}".utf8))
        hasher.update(key)
        hasher.update(initializationVector)
        return hasher.finalize()
    }

    /// The version, URL and ciphertext hash; never the key or IV.
    public var description: String {
        "EncryptedFile(\(version.rawValue), sha256 \(ciphertextSHA256.hex)\(url.map { ", \($0)" } ?? ""))"
    }
}
