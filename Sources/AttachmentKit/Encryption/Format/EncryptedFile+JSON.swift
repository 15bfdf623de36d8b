import Foundation

extension EncryptedFile {
    /// Reads an `EncryptedFile` JSON object and checks every field.
    ///
    /// The checks, in order: `v` is an accepted version (absent means v0); `key.alg` is `A256CTR`, `key.kty` is
    /// `oct`, `key.key_ops` includes `decrypt`; `key.k` is base64url (padded or not) of exactly
    /// 32 bytes; `iv` is base64 (padded or not) of exactly 16 bytes, whose low 64 bits are zero
    /// in v2; `hashes.sha256` is base64 of exactly 32 bytes. `url`, when present, must be a
    /// string; other fields are ignored.
    ///
    /// - Parameters:
    ///   - json: The object's bytes.
    ///   - acceptedVersions: The versions to accept; only ``Version/v2`` unless older ones are
    ///     opted into.
    /// - Throws: ``EncryptedFile/Error`` naming the first field at fault.
    public init(json: Data, acceptedVersions: Set<Version> = [.v2]) throws(EncryptedFile.Error) {
        guard let object = try? JSONSerialization.jsonObject(with: json), let fields = object as? [String: Any] else {
            throw .notAJSONObject
        }
        try self.init(fields: fields, acceptedVersions: acceptedVersions)
    }

    /// Reads an `EncryptedFile` from an already parsed JSON object (a message's `file` field);
    /// see ``init(json:acceptedVersions:)``.
    init(fields: [String: Any], acceptedVersions: Set<Version> = [.v2]) throws(EncryptedFile.Error) {
        // v0 objects predate the field: its absence means v0, accepted only when v0 is.
        let versionText: String
        if fields["v"] == nil, acceptedVersions.contains(.v0) {
            versionText = Version.v0.rawValue
        } else {
            versionText = try Self.field("v", in: fields)
        }
        guard let version = Version(rawValue: versionText), acceptedVersions.contains(version) else {
            throw .unsupportedVersion(versionText)
        }
        let jwk: [String: Any] = try Self.field("key", in: fields)
        let algorithm: String = try Self.field("alg", in: jwk, path: "key.alg")
        guard algorithm == "A256CTR" else { throw .unsupportedAlgorithm(algorithm) }
        let keyType: String = try Self.field("kty", in: jwk, path: "key.kty")
        guard keyType == "oct" else { throw .unsupportedKeyType(keyType) }
        let operations: [Any] = try Self.field("key_ops", in: jwk, path: "key.key_ops")
        let operationNames = operations.compactMap { $0 as? String }
        guard operationNames.count == operations.count else {
            throw .wrongType(field: "key.key_ops", expected: "an array of strings")
        }
        guard operationNames.contains("decrypt") else { throw .keyOperationsLackDecrypt(operationNames) }
        let key = try Self.bytes("k", in: jwk, path: "key.k", urlSafe: true, count: 32)
        let vector = try Self.bytes("iv", in: fields, path: "iv", urlSafe: false, count: 16)
        if version == .v2, vector[8...].contains(where: { $0 != 0 }) { throw .counterNotZero }
        let hashes: [String: Any] = try Self.field("hashes", in: fields)
        let hash = try Self.bytes("sha256", in: hashes, path: "hashes.sha256", urlSafe: false, count: 32)
        var url: String?
        if fields["url"] != nil { url = try Self.field("url", in: fields) as String }
        let digest = hash.withUnsafeBytes { SHA256Digest(bytes: $0, at: 0)! }
        self.init(version: version, url: url, key: key, initializationVector: vector, ciphertextSHA256: digest)
    }

    /// The object as the spec writes it (unpadded base64, URL-safe for the key, `key_ops`
    /// `encrypt` and `decrypt`, `ext` true), with sorted keys. It holds the key: send it only
    /// inside the encrypted message.
    public func jsonData() -> Data {
        var fields: [String: Any] = [
            "v": version.rawValue,
            "key": [
                "kty": "oct", "alg": "A256CTR", "ext": true, "key_ops": ["encrypt", "decrypt"],
                "k": Base64Field.encode(key, urlSafe: true),
            ] as [String: Any],
            "iv": Base64Field.encode(initializationVector, urlSafe: false),
            "hashes": ["sha256": Base64Field.encode(ciphertextSHA256.bytes, urlSafe: false)],
        ]
        if let url { fields["url"] = url }
        // Only strings, booleans, arrays and dictionaries: serialization can't fail.
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    private static func field<Value>(_ name: String, in fields: [String: Any], path: String? = nil)
        throws(EncryptedFile.Error) -> Value
    {
        let path = path ?? name
        guard let raw = fields[name], !(raw is NSNull) else { throw .missingField(path) }
        guard let value = raw as? Value else { throw .wrongType(field: path, expected: typeName(of: Value.self)) }
        if Value.self == String.self, raw is NSNumber { throw .wrongType(field: path, expected: "a string") }
        return value
    }

    private static func bytes(_ name: String, in fields: [String: Any], path: String, urlSafe: Bool, count: Int)
        throws(EncryptedFile.Error) -> [UInt8]
    {
        let text: String = try field(name, in: fields, path: path)
        guard let bytes = Base64Field.decode(text, urlSafe: urlSafe) else { throw .invalidBase64(field: path) }
        guard bytes.count == count else { throw .wrongLength(field: path, byteCount: bytes.count, expected: count) }
        return bytes
    }

    private static func typeName<Value>(of type: Value.Type) -> String {
        if type == String.self { return "a string" }
        if type == [Any].self { return "an array" }
        return "an object"
    }
}
