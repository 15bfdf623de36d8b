import Foundation
import Testing

@testable import AttachmentKit

/// ``EncryptedFile``'s strict reading: each malformed field gives the error that names it.
@Suite("EncryptedFile parsing", .inTurn)
struct EncryptedFileParsingTests {
    /// A valid v2 object, as a dictionary to alter.
    static func valid() -> [String: Any] {
        [
            "v": "v2",
            "key": [
                "kty": "oct", "alg": "A256CTR", "ext": true, "key_ops": ["encrypt", "decrypt"],
                "k": "Voq2nkPme_x8no5-Tjq_laDAdxE6iDbxnlQXxwFPgE4",
            ] as [String: Any],
            "iv": "i0DovxYdJEcAAAAAAAAAAA",
            "hashes": ["sha256": "ANdt819a8bZl4jKy3Z+jcqtiNICa2y0AW4BBJ/iQRAU"],
            "url": "mxc://example.org/abc",
        ]
    }

    static func parse(_ fields: [String: Any]) throws(EncryptedFile.Error) -> EncryptedFile {
        try EncryptedFile(json: try! JSONSerialization.data(withJSONObject: fields))
    }

    static func altering(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
        var fields = valid()
        change(&fields)
        return fields
    }

    static func alteringKey(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
        altering { fields in
            var key = fields["key"] as! [String: Any]
            change(&key)
            fields["key"] = key
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let fields: @Sendable () -> [String: Any]
        let error: EncryptedFile.Error
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "v missing", fields: { altering { $0["v"] = nil } }, error: .missingField("v")),
        Case(name: "v3", fields: { altering { $0["v"] = "v3" } }, error: .unsupportedVersion("v3")),
        Case(
            name: "v a number", fields: { altering { $0["v"] = 2 } },
            error: .wrongType(field: "v", expected: "a string")),
        Case(name: "key missing", fields: { altering { $0["key"] = nil } }, error: .missingField("key")),
        Case(
            name: "key a string", fields: { altering { $0["key"] = "k" } },
            error: .wrongType(field: "key", expected: "an object")),
        Case(
            name: "alg A128CTR", fields: { alteringKey { $0["alg"] = "A128CTR" } },
            error: .unsupportedAlgorithm("A128CTR")),
        Case(name: "alg missing", fields: { alteringKey { $0["alg"] = nil } }, error: .missingField("key.alg")),
        Case(name: "kty RSA", fields: { alteringKey { $0["kty"] = "RSA" } }, error: .unsupportedKeyType("RSA")),
        Case(
            name: "key_ops without decrypt", fields: { alteringKey { $0["key_ops"] = ["encrypt"] } },
            error: .keyOperationsLackDecrypt(["encrypt"])),
        Case(
            name: "key_ops not strings", fields: { alteringKey { $0["key_ops"] = [1, "decrypt"] } },
            error: .wrongType(field: "key.key_ops", expected: "an array of strings")),
        Case(name: "k missing", fields: { alteringKey { $0["k"] = nil } }, error: .missingField("key.k")),
        Case(
            name: "k not base64", fields: { alteringKey { $0["k"] = "not*base64" } },
            error: .invalidBase64(field: "key.k")),
        Case(
            name: "k of 16 bytes", fields: { alteringKey { $0["k"] = "AAAAAAAAAAAAAAAAAAAAAA" } },
            error: .wrongLength(field: "key.k", byteCount: 16, expected: 32)),
        Case(
            name: "iv of 8 bytes", fields: { altering { $0["iv"] = "i0DovxYdJEc" } },
            error: .wrongLength(field: "iv", byteCount: 8, expected: 16)),
        Case(
            name: "iv with a bad padding", fields: { altering { $0["iv"] = "i0DovxYdJEcAAAAAAAAAAA=" } },
            error: .invalidBase64(field: "iv")),
        Case(
            name: "iv with a counter that is not zero", fields: { altering { $0["iv"] = "i0DovxYdJEcAAAAAAAAAAQ" } },
            error: .counterNotZero),
        Case(name: "hashes missing", fields: { altering { $0["hashes"] = nil } }, error: .missingField("hashes")),
        Case(
            name: "sha256 missing", fields: { altering { $0["hashes"] = ["sha512": "x"] } },
            error: .missingField("hashes.sha256")),
        Case(
            name: "sha256 of 31 bytes",
            fields: { altering { $0["hashes"] = ["sha256": Data(repeating: 1, count: 31).base64EncodedString()] } },
            error: .wrongLength(field: "hashes.sha256", byteCount: 31, expected: 32)),
        Case(
            name: "url a number", fields: { altering { $0["url"] = 5 } },
            error: .wrongType(field: "url", expected: "a string")),
    ]

    @Test("each malformed field is refused with the error that names it", arguments: cases)
    func malformed(_ item: Case) {
        #expect(throws: item.error) { try Self.parse(item.fields()) }
    }

    @Test("not JSON, and a JSON array, are not an EncryptedFile")
    func notAnObject() {
        #expect(throws: EncryptedFile.Error.notAJSONObject) { try EncryptedFile(json: Data("{".utf8)) }
        #expect(throws: EncryptedFile.Error.notAJSONObject) { try EncryptedFile(json: Data("[]".utf8)) }
    }

    @Test("padded base64, and a key in the standard alphabet, are read as real clients write them")
    func lenientBase64() throws {
        let unpadded = try Self.parse(Self.valid())
        let padded = try Self.parse(
            Self.altering { fields in
                fields["iv"] = "i0DovxYdJEcAAAAAAAAAAA=="
                fields["hashes"] = ["sha256": "ANdt819a8bZl4jKy3Z+jcqtiNICa2y0AW4BBJ/iQRAU="]
                var key = fields["key"] as! [String: Any]
                key["k"] = "Voq2nkPme/x8no5+Tjq/laDAdxE6iDbxnlQXxwFPgE4="
                fields["key"] = key
            })
        #expect(padded == unpadded)
    }

    @Test("what jsonData writes reads back equal, in the spec's unpadded forms, and description hides the key")
    func roundTrip() throws {
        let file = try Self.parse(Self.valid())
        let json = file.jsonData()
        #expect(try EncryptedFile(json: json) == file)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""k":"Voq2nkPme_x8no5-Tjq_laDAdxE6iDbxnlQXxwFPgE4""#))
        #expect(text.contains(#""iv":"i0DovxYdJEcAAAAAAAAAAA""#))
        #expect(!file.description.contains("Voq2nk") && !"\(file)".contains("i0Dov"))
    }
}
