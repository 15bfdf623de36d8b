#if os(macOS) || os(Linux)
// Runs openssl (see ExternalCipher): macOS and Linux only.
import Foundation

@testable import AttachmentKit

extension EncryptedFixture {
    /// Encrypts `plaintext` with a fresh v2 key and IV through `openssl enc` and hashes it with
    /// `openssl dgst`: a fixture of many MiB in a moment, where the debug build's own cipher
    /// would take seconds.
    init(opensslEncrypting plaintext: Data) async throws {
        let directory = try StorageTemporaryDirectory("encrypted-fixture")
        let plainFile = directory.appending("plain")
        let cipherFile = directory.appending("cipher")
        try plaintext.write(to: plainFile)
        let key = try SecureRandom.bytes(32)
        let vector = try SecureRandom.bytes(8) + [UInt8](repeating: 0, count: 8)
        try await ExternalCipher.openssl(key: key, iv: vector, input: plainFile, output: cipherFile, decrypt: false)
        let hash = try await ExternalCipher.run("openssl", ["dgst", "-sha256", "-binary", cipherFile.path])
        guard hash.count == 32, let digest = hash.withUnsafeBytes({ SHA256Digest(bytes: $0, at: 0) }) else {
            throw ExternalCipher.Failure.exited("openssl dgst", 0, "not a SHA-256: \(hash.count) bytes")
        }
        self.init(
            plaintext: plaintext, ciphertext: try Data(contentsOf: cipherFile),
            file: EncryptedFile(
                version: .v2, url: nil, key: key, initializationVector: vector, ciphertextSHA256: digest))
    }
}
#endif
