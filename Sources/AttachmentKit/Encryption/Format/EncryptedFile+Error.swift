extension EncryptedFile {
    /// Why an `EncryptedFile` JSON object was refused; each case names the field at fault.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The bytes are not a JSON object.
        case notAJSONObject
        /// A required field is absent: its path, such as `key.k`.
        case missingField(String)
        /// A field has the wrong JSON type: its path and the type it must have.
        case wrongType(field: String, expected: String)
        /// `v` names a version that is not accepted (`v2` unless older ones were opted into).
        case unsupportedVersion(String)
        /// `key.alg` is not `A256CTR`.
        case unsupportedAlgorithm(String)
        /// `key.kty` is not `oct`.
        case unsupportedKeyType(String)
        /// `key.key_ops` does not include `decrypt`.
        case keyOperationsLackDecrypt([String])
        /// A base64 field is not valid base64 (with or without padding): its path.
        case invalidBase64(field: String)
        /// A decoded field has the wrong length: its path, its length and the length it must have.
        case wrongLength(field: String, byteCount: Int, expected: Int)
        /// A v2 `iv` whose low 64 bits (its counter) are not zero: libraries whose counters wrap
        /// at 64 or at 128 bits would decrypt it differently.
        case counterNotZero

        public var description: String {
            switch self {
            case .notAJSONObject: "the EncryptedFile is not a JSON object"
            case .missingField(let field): "the EncryptedFile has no \(field)"
            case .wrongType(let field, let expected): "the EncryptedFile's \(field) is not \(expected)"
            case .unsupportedVersion(let version): "the EncryptedFile's v is \(version), not an accepted version"
            case .unsupportedAlgorithm(let algorithm): "the EncryptedFile's key.alg is \(algorithm), not A256CTR"
            case .unsupportedKeyType(let type): "the EncryptedFile's key.kty is \(type), not oct"
            case .keyOperationsLackDecrypt(let operations):
                "the EncryptedFile's key.key_ops \(operations) does not include decrypt"
            case .invalidBase64(let field): "the EncryptedFile's \(field) is not valid base64"
            case .wrongLength(let field, let byteCount, let expected):
                "the EncryptedFile's \(field) decodes to \(byteCount) bytes, not \(expected)"
            case .counterNotZero:
                "the EncryptedFile's iv has a counter (its low 64 bits) that is not zero, as v2 requires"
            }
        }
    }
}
