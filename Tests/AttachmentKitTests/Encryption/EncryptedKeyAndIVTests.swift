import Foundation
import Testing

@testable import AttachmentKit

/// Every field of a key and an IV, read and made: in v2 each of the eight bytes of the IV's
/// counter half (its low 64 bits) must be zero, whichever one is not, while the nonce half may be
/// anything; key, IV and hash lengths are exact; and the keys and IVs `encrypt` makes are 32 fresh
/// random bytes and 8 fresh random bytes followed by a zero counter, different every time.
@Suite("EncryptedFile keys and IVs, byte by byte", .inTurn)
struct EncryptedKeyAndIVTests {
    /// The test object with `iv` set to `bytes` (standard base64, unpadded).
    private static func parse(iv bytes: [UInt8], versions: Set<EncryptedFile.Version> = [.v2]) throws(EncryptedFile
        .Error)
        -> EncryptedFile
    {
        var fields = EncryptedFileParsingTests.valid()
        fields["iv"] = Base64Field.encode(bytes, urlSafe: false)
        if versions == [.v1] { fields["v"] = "v1" }
        return try EncryptedFile(json: try! JSONSerialization.data(withJSONObject: fields), acceptedVersions: versions)
    }

    /// The test IV's nonce half, then eight zero bytes.
    private static let nonce: [UInt8] = [0x8B, 0x40, 0xE8, 0xBF, 0x16, 0x1D, 0x24, 0x47]

    @Test(
        "v2: a counter non-zero in any one of its eight bytes is refused, the high 32 bits' included",
        arguments: 8..<16, [0x01, 0x80])
    func counterByte(index: Int, value: UInt8) {
        var vector = Self.nonce + [UInt8](repeating: 0, count: 8)
        vector[index] = value
        #expect(throws: EncryptedFile.Error.counterNotZero) { try Self.parse(iv: vector) }
    }

    @Test("v2: the nonce half may hold anything, zero included; the counter of v1 may be anything", arguments: 0..<8)
    func nonceByte(index: Int) throws {
        var vector = [UInt8](repeating: 0, count: 16)
        vector[index] = 0xFF
        #expect(try Self.parse(iv: vector).initializationVector == vector)
        #expect(try Self.parse(iv: [UInt8](repeating: 0, count: 16)).initializationVector.allSatisfy { $0 == 0 })
        var counted = Self.nonce + [UInt8](repeating: 0, count: 8)
        counted[8 + index] = 1
        let v1 = try Self.parse(iv: counted, versions: [.v1])
        #expect(v1.initializationVector == counted)
        #expect(v1.counterSemantics == .wrapsAt64Bits)
    }

    @Test("a key, an IV or a hash one byte short or long is refused with its length")
    func lengths() {
        for (field, count, expected) in [("key.k", 31, 32), ("key.k", 33, 32), ("iv", 15, 16), ("iv", 17, 16)] {
            var fields = EncryptedFileParsingTests.valid()
            let text = Base64Field.encode([UInt8](repeating: 0, count: count), urlSafe: field == "key.k")
            if field == "iv" {
                fields["iv"] = text
            } else {
                var key = fields["key"] as! [String: Any]
                key["k"] = text
                fields["key"] = key
            }
            let data = try! JSONSerialization.data(withJSONObject: fields)
            #expect(throws: EncryptedFile.Error.wrongLength(field: field, byteCount: count, expected: expected)) {
                try EncryptedFile(json: data)
            }
        }
        var fields = EncryptedFileParsingTests.valid()
        fields["hashes"] = ["sha256": Data(repeating: 1, count: 33).base64EncodedString()]
        #expect(throws: EncryptedFile.Error.wrongLength(field: "hashes.sha256", byteCount: 33, expected: 32)) {
            try EncryptedFile(json: try! JSONSerialization.data(withJSONObject: fields))
        }
    }

    @Test("encrypt makes a fresh 32-byte key and an IV of 8 fresh random bytes and a zero counter, every time")
    func generated() throws {
        let folder = try StorageTemporaryDirectory("encrypt-keys")
        let plaintext = folder.appending("plain.bin")
        try Data(repeating: 0x5A, count: 4096).write(to: plaintext)
        let files = try (0..<16).map { index in
            try EncryptedAttachment.encrypt(fileAt: plaintext, to: folder.appending("cipher-\(index).bin"))
        }
        for file in files {
            #expect(file.version == .v2)
            #expect(file.key.count == 32 && file.initializationVector.count == 16)
            #expect(file.initializationVector[8...].allSatisfy { $0 == 0 }, "the counter starts at zero")
            #expect(file.initializationVector[..<8].contains { $0 != 0 }, "the nonce is not zero")
            #expect(file.key.contains { $0 != 0 })
            // What it writes is what the strict v2 reader accepts.
            #expect(try EncryptedFile(json: file.jsonData()) == file)
        }
        #expect(Set(files.map { Array($0.initializationVector[..<8]) }).count == files.count, "nonces differ")
        #expect(Set(files.map(\.key)).count == files.count, "keys differ")
        // Fresh keys and nonces make different ciphertexts of the same file.
        #expect(Set(files.map(\.ciphertextSHA256Hex)).count == files.count)
    }

    @Test("the hash encrypt records is the ciphertext's SHA-256, and decrypt gives the file back")
    func generatedHashAndRoundTrip() throws {
        let folder = try StorageTemporaryDirectory("encrypt-keys")
        let plaintext = folder.appending("plain.bin")
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: plaintext)
        let cipher = folder.appending("cipher.bin")
        let file = try EncryptedAttachment.encrypt(fileAt: plaintext, to: cipher)
        #expect(file.ciphertextSHA256Hex == SHA256.hash(try Data(contentsOf: cipher)).hex)
        #expect(try Data(contentsOf: cipher) != bytes)
        let back = folder.appending("back.bin")
        try EncryptedAttachment.decrypt(fileAt: cipher, to: back, using: file)
        #expect(try Data(contentsOf: back) == bytes)
    }
}
