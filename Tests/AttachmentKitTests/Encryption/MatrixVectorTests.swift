import Foundation
import Testing

@testable import AttachmentKit

/// The vectors of matrix-org/matrix-encrypt-attachment (test/decrypt.Spec.js) and of
/// matrix-rust-sdk (file_encryption/attachments.rs): ciphertext, `EncryptedFile` JSON and
/// plaintext, all base64. The v1 and v0 vectors share an IV of all ones and pass only with the
/// right counter wrap: 64 bits for v1, 128 for v0.
@Suite("Matrix attachment vectors", .inTurn)
struct MatrixVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let ciphertext: String
        let json: String
        let plaintext: String
        var testDescription: String { name }
    }

    static let fullKey = "__________________________________________8"
    static let alphanumeric =
        "YWxwaGFudW1lcmljYWxseWFscGhhbnVtZXJpY2FsbHlhbHBoYW51bWVyaWNhbGx5YWxwaGFudW1lcmljYWxseQ"

    static func json(iv: String, key: String, sha256: String, version: String?) -> String {
        let v = version.map { #""v":"\#($0)","# } ?? ""
        return
            #"{\#(v)"iv":"\#(iv)","key":{"kty":"oct","key_ops":["encrypt","decrypt"],"k":"\#(key)","alg":"A256CTR"},"hashes":{"sha256":"\#(sha256)"}}"#
    }

    static let vectors: [Vector] = [
        Vector(
            name: "v2 empty", ciphertext: "",
            json: json(
                iv: "AAAAAAAAAAAAAAAAAAAAAA", key: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                sha256: "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU", version: "v2"),
            plaintext: ""),
        Vector(
            name: "v2 Hello, World", ciphertext: "5xJZTt5cQicm+9f4",
            json: json(
                iv: "//////////8AAAAAAAAAAA", key: fullKey, sha256: "YzF08lARDdOCzJpzuSwsjTNlQc4pHxpdHcXiD/wpK6k",
                version: "v2"),
            plaintext: "SGVsbG8sIFdvcmxk"),
        Vector(
            name: "v2 64 bytes",
            ciphertext: "zhtFStAeFx0s+9L/sSQO+WQMtldqYEHqTxMduJrCIpnkyer09kxJJuA4K+adQE4w+7jZe/vR9kIcqj9rOhDR8Q",
            json: json(
                iv: "//////////8AAAAAAAAAAA", key: fullKey, sha256: "IOq7/dHHB+mfHfxlRY5XMeCWEwTPmlf4cJcgrkf6fVU",
                version: "v2"),
            plaintext: alphanumeric),
        Vector(
            name: "v1, IV all ones: the counter wraps at 64 bits",
            ciphertext: "tJVNBVJ/vl36UQt4Y5e5m84bRUrQHhcdLPvS/7EkDvlkDLZXamBB6k8THbiawiKZ5Mnq9PZMSSbgOCvmnUBOMA",
            json: json(
                iv: "/////////////////////w", key: fullKey, sha256: "LYG/orOViuFwovJpv2YMLSsmVKwLt7pY3f8SYM7KU5E",
                version: "v1"),
            plaintext: alphanumeric),
        Vector(
            name: "v0 (no v), IV all ones: the counter carries over 128 bits",
            ciphertext: "tJVNBVJ/vl36UQt4Y5e5myqUL3M8OtjRVQljZ+LlwbJeucRIM7CeKDJGGOjlJ1bqpqUdl6zytXJ3dCyvnUi4eQ",
            json: json(
                iv: "/////////////////////w", key: fullKey, sha256: "/K4w3G4zlLK312k66KxNPKDkWCn2QAH5aphAkuncTrQ",
                version: nil),
            plaintext: alphanumeric),
        Vector(
            name: "matrix-rust-sdk: It's a secret to everybody",
            ciphertext: "s5p2f7p/biHLISGGQ2StLusb16wkGksvIaA=",
            json: json(
                iv: "i0DovxYdJEcAAAAAAAAAAA", key: "Voq2nkPme_x8no5-Tjq_laDAdxE6iDbxnlQXxwFPgE4",
                sha256: "ANdt819a8bZl4jKy3Z+jcqtiNICa2y0AW4BBJ/iQRAU", version: "v2"),
            plaintext: Data("It's a secret to everybody".utf8).base64EncodedString()),
    ]

    @Test("each vector's ciphertext decrypts, after its hash matched, to its plaintext", arguments: vectors)
    func decrypts(_ vector: Vector) throws {
        let directory = try StorageTemporaryDirectory("matrix-vectors")
        let file = try EncryptedFile(
            json: Data(vector.json.utf8), acceptedVersions: Set(EncryptedFile.Version.allCases))
        let cipherFile = directory.appending("cipher")
        try #require(Base64Field.decode(vector.ciphertext, urlSafe: false)).withUnsafeBytes {
            try Data($0).write(to: cipherFile)
        }
        let plainFile = directory.appending("plain")
        try EncryptedAttachment.decrypt(fileAt: cipherFile, to: plainFile, using: file)
        #expect(Array(try Data(contentsOf: plainFile)) == Base64Field.decode(vector.plaintext, urlSafe: false))
    }

    @Test("the v1 and v0 vectors fail with the other version's counter: the wrap is what they test")
    func wrapMatters() throws {
        let v1 = try EncryptedFile(json: Data(Self.vectors[3].json.utf8), acceptedVersions: [.v1])
        let v0 = try EncryptedFile(json: Data(Self.vectors[4].json.utf8), acceptedVersions: [.v0])
        #expect(v1.counterSemantics == .wrapsAt64Bits)
        #expect(v0.counterSemantics == .carriesInto128Bits)
        let ciphertext = try #require(Base64Field.decode(Self.vectors[3].ciphertext, urlSafe: false))
        var wrongWrap = AESCounterMode(
            key: v1.key, initialCounter: v1.initializationVector, semantics: .carriesInto128Bits)
        var bytes = ciphertext
        bytes.withUnsafeMutableBytes { wrongWrap.apply(to: $0) }
        #expect(bytes != Base64Field.decode(Self.alphanumeric, urlSafe: false))
        #expect(bytes.prefix(16) == Base64Field.decode(Self.alphanumeric, urlSafe: false)!.prefix(16))
    }

    @Test("v1 and v0 objects are refused unless opted into")
    func legacyNeedsOptIn() {
        #expect(throws: EncryptedFile.Error.unsupportedVersion("v1")) {
            try EncryptedFile(json: Data(Self.vectors[3].json.utf8))
        }
        #expect(throws: EncryptedFile.Error.missingField("v")) {
            try EncryptedFile(json: Data(Self.vectors[4].json.utf8))
        }
    }
}
