#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// AttachmentKit's AES-256-CTR against OpenSSL and Python's `cryptography`, both ways: what one
/// encrypts, the other decrypts.
@Suite("AES-256-CTR against openssl and Python cryptography", SuiteTimeLimit.minutes(5), .inTurn)
struct AESDifferentialTests {
    /// One random case: a key, an IV (its counter near the wrap in one case of eight, so that
    /// the carry into the nonce is exercised) and a length that favours block boundaries.
    private static func randomCase(_ random: inout SeededRandom, maximumLength: Int) -> (
        key: [UInt8], iv: [UInt8], count: Int
    ) {
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        var iv = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        if random.next() % 8 == 0 {
            for index in 8..<15 { iv[index] = 0xFF }
        }
        let boundaries = [0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257]
        let count =
            random.next() % 2 == 0
            ? boundaries[Int(random.next() % UInt64(boundaries.count))] : Int(random.next() % UInt64(maximumLength + 1))
        return (key, iv, count)
    }

    /// Runs the portable cipher (128-bit counter) over `bytes`, in chunks of random sizes so
    /// that the keystream carried between calls is exercised too.
    private static func portable(_ bytes: [UInt8], key: [UInt8], iv: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var output = bytes
        key.withUnsafeBytes { key in
            iv.withUnsafeBytes { iv in
                var cipher = PortableAESCounterMode(key: key, initialCounter: iv, carriesIntoNonce: true)
                output.withUnsafeMutableBytes { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let step = min(buffer.count - offset, Int(random.next() % 300) + 1)
                        cipher.apply(to: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + step]))
                        offset += step
                    }
                }
            }
        }
        return output
    }

    @Test("2,000 random keys, IVs and lengths: cryptography decrypts ours and we decrypt its")
    func python() async throws {
        let directory = try StorageTemporaryDirectory("aes-python")
        var random = SeededRandom(seed: 0x5EED_AE52_0001)
        var cases: [(key: [UInt8], iv: [UInt8], offset: Int, count: Int)] = []
        var plaintext: [UInt8] = []
        for _ in 0..<2_000 {
            let (key, iv, count) = Self.randomCase(&random, maximumLength: 2_048)
            cases.append((key, iv, plaintext.count, count))
            plaintext += (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        var ours: [UInt8] = []
        for item in cases {
            let segment = Array(plaintext[item.offset..<item.offset + item.count])
            ours += Self.portable(segment, key: item.key, iv: item.iv, random: &random)
        }
        let plainFile = directory.appending("plain")
        let oursFile = directory.appending("ours")
        try Data(plaintext).write(to: plainFile)
        try Data(ours).write(to: oursFile)

        // Python decrypts what we encrypted.
        let decryptedByPython = directory.appending("decrypted-by-python")
        try await ExternalCipher.python(cases: cases, input: oursFile, output: decryptedByPython)
        #expect(try Data(contentsOf: decryptedByPython) == Data(plaintext))

        // We decrypt what Python encrypted.
        let theirsFile = directory.appending("theirs")
        try await ExternalCipher.python(cases: cases, input: plainFile, output: theirsFile)
        let theirs = Array(try Data(contentsOf: theirsFile))
        try #require(theirs.count == plaintext.count)
        var mismatches = 0
        for item in cases {
            let segment = Array(theirs[item.offset..<item.offset + item.count])
            if Self.portable(segment, key: item.key, iv: item.iv, random: &random)
                != Array(plaintext[item.offset..<item.offset + item.count])
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("openssl enc -aes-256-ctr: random cases up to 3 MiB, and the block boundaries, both ways")
    func openssl() async throws {
        let directory = try StorageTemporaryDirectory("aes-openssl")
        var random = SeededRandom(seed: 0x5EED_AE52_0002)
        var lengths = [0, 1, 16, 17, 4_095, 4_096, 4_097, 3 << 20]
        for _ in 0..<24 { lengths.append(Self.randomCase(&random, maximumLength: 100_000).count) }
        for (index, count) in lengths.enumerated() {
            var (key, iv, _) = Self.randomCase(&random, maximumLength: 0)
            if index % 2 == 0 { for byte in 8..<16 { iv[byte] = 0 } }
            let plaintext = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let plainFile = directory.appending("plain-\(index)")
            let oursFile = directory.appending("ours-\(index)")
            let theirsFile = directory.appending("theirs-\(index)")
            let backFile = directory.appending("back-\(index)")
            try Data(plaintext).write(to: plainFile)
            try Data(Self.portable(plaintext, key: key, iv: iv, random: &random)).write(to: oursFile)
            try await ExternalCipher.openssl(key: key, iv: iv, input: oursFile, output: backFile, decrypt: true)
            #expect(try Data(contentsOf: backFile) == Data(plaintext), "openssl decrypting ours, \(count) bytes")
            try await ExternalCipher.openssl(key: key, iv: iv, input: plainFile, output: theirsFile, decrypt: false)
            let theirs = Array(try Data(contentsOf: theirsFile))
            #expect(
                Self.portable(theirs, key: key, iv: iv, random: &random) == plaintext,
                "ours decrypting openssl's, \(count) bytes")
        }
    }

    @Test("a file EncryptedAttachment encrypts, openssl decrypts with the JSON's key and IV; and the reverse")
    func fileAgainstOpenSSL() async throws {
        let directory = try StorageTemporaryDirectory("aes-openssl-file")
        var random = SeededRandom(seed: 0x5EED_AE52_0003)
        let plaintext = (0..<(2 << 20) + 5).map { _ in UInt8.random(in: 0...255, using: &random) }
        let plainFile = directory.appending("plain")
        try Data(plaintext).write(to: plainFile)
        let cipherFile = directory.appending("cipher")
        let file = try EncryptedAttachment.encrypt(fileAt: plainFile, to: cipherFile)
        let parsed = try EncryptedFile(json: file.jsonData())
        let backFile = directory.appending("back")
        try await ExternalCipher.openssl(
            key: parsed.key, iv: parsed.initializationVector, input: cipherFile, output: backFile, decrypt: true)
        #expect(try Data(contentsOf: backFile) == Data(plaintext))
        #expect(RemoteContentCheck.sha256(ofFileAt: cipherFile) == parsed.ciphertextSHA256)

        let theirsFile = directory.appending("theirs")
        try await ExternalCipher.openssl(
            key: parsed.key, iv: parsed.initializationVector, input: plainFile, output: theirsFile, decrypt: false)
        let decrypted = directory.appending("decrypted")
        try EncryptedAttachment.decrypt(fileAt: theirsFile, to: decrypted, using: parsed)
        #expect(try Data(contentsOf: decrypted) == Data(plaintext))
    }
}
#endif
