import Foundation

@testable import AttachmentKit

/// Encrypted attachments for the download tests: a plaintext, its ciphertext and its
/// `EncryptedFile`, and checks that nothing of either is left on disk.
struct EncryptedFixture {
    let plaintext: Data
    let ciphertext: Data
    let file: EncryptedFile

    /// Encrypts `plaintext` with a fresh key through ``EncryptedAttachment/encrypt(fileAt:to:url:)``.
    init(_ plaintext: Data) throws {
        let directory = try StorageTemporaryDirectory("encrypted-fixture")
        let plainFile = directory.appending("plain")
        let cipherFile = directory.appending("cipher")
        try plaintext.write(to: plainFile)
        file = try EncryptedAttachment.encrypt(fileAt: plainFile, to: cipherFile)
        ciphertext = try Data(contentsOf: cipherFile)
        self.plaintext = plaintext
    }

    /// A fixture of these parts.
    init(plaintext: Data, ciphertext: Data, file: EncryptedFile) {
        self.plaintext = plaintext
        self.ciphertext = ciphertext
        self.file = file
    }

    /// The same object with another key (same IV and hash): the ciphertext's hash still
    /// matches, and it decrypts to other bytes.
    func withOtherKey() -> EncryptedFile {
        EncryptedFile(
            version: file.version, url: file.url, key: file.key.map { $0 ^ 0x5A },
            initializationVector: file.initializationVector, ciphertextSHA256: file.ciphertextSHA256)
    }

    /// The same object declaring another hash.
    func withOtherHash() -> EncryptedFile {
        var hash = file.ciphertextSHA256.bytes
        hash[0] ^= 1
        return EncryptedFile(
            version: file.version, url: file.url, key: file.key, initializationVector: file.initializationVector,
            ciphertextSHA256: hash.withUnsafeBytes { SHA256Digest(bytes: $0, at: 0)! })
    }

    /// The files under `directories` (recursively) that are in a store's staging folder or hold
    /// the plaintext or the ciphertext (begin with either's first 64 bytes).
    func leftovers(in directories: [URL]) -> [String] {
        files(in: directories, beginningWith: [plaintext.prefix(64), ciphertext.prefix(64)], orStaged: true)
    }

    /// The files under `directories` (recursively) that hold the plaintext (begin with its
    /// first 64 bytes).
    func plaintextFiles(in directories: [URL]) -> [String] {
        files(in: directories, beginningWith: [plaintext.prefix(64)], orStaged: false)
    }

    private func files(in directories: [URL], beginningWith marks: [Data], orStaged: Bool) -> [String] {
        var found: [String] = []
        let marks = marks.filter { !$0.isEmpty }
        for directory in directories {
            let files =
                FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL } ?? []
            for url in files {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: url.path)
                else { continue }
                let head = (try? handle.read(upToCount: 64)) ?? Data()
                try? handle.close()
                // A store's staging folder is empty once nothing is being written.
                if orStaged && url.deletingLastPathComponent().lastPathComponent == "staging"
                    || marks.contains(where: { !head.isEmpty && head.starts(with: $0) })
                {
                    found.append(url.path)
                }
            }
        }
        return found
    }
}
