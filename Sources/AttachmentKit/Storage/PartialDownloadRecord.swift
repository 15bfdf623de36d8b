/// The state file of a partial download: its validator, how many bytes are flushed, and the
/// checksum state after those bytes (so that resuming doesn't read them again).
///
/// ```
/// "AKPD" 1 kind(0 none, 1 ETag, 2 Last-Modified) 0 0   byte count (8, big-endian)
/// hasher state (80)   validator length (4) and UTF-8   check value (8, XXH64 of the rest)
/// ```
struct PartialDownloadRecord: Sendable {
    var validator: ResumeValidator?
    var byteCount: Int64
    var hasher: XXH64

    private static let magic = Array("AKPD".utf8) + [1]

    var encoded: [UInt8] {
        var bytes = Self.magic
        let (kind, text): (UInt8, String) =
            switch validator {
            case .none: (0, "")
            case .entityTag(let tag): (1, tag)
            case .lastModified(let date): (2, date)
            }
        bytes += [kind, 0, 0]
        Self.append(UInt64(bitPattern: byteCount), to: &bytes)
        bytes += hasher.serialized
        let utf8 = Array(text.utf8)
        bytes += withUnsafeBytes(of: UInt32(utf8.count).bigEndian, Array.init)
        bytes += utf8
        Self.append(Self.checkValue(bytes[...]), to: &bytes)
        return bytes
    }

    init(validator: ResumeValidator?, byteCount: Int64, hasher: XXH64) {
        self.validator = validator
        self.byteCount = byteCount
        self.hasher = hasher
    }

    /// Decodes a state file; `nil` when it is damaged or not one.
    init?(decoding bytes: [UInt8]) {
        let fixed = Self.magic.count + 3 + 8 + XXH64.serializedByteCount + 4
        guard bytes.count >= fixed + 8, Array(bytes.prefix(Self.magic.count)) == Self.magic,
            Self.checkValue(bytes.dropLast(8)) == Self.load(bytes.suffix(8))
        else { return nil }
        var offset = Self.magic.count
        let kind = bytes[offset]
        offset += 3
        byteCount = Int64(bitPattern: Self.load(bytes[offset..<offset + 8]))
        offset += 8
        guard byteCount >= 0, let hasher = XXH64(serialized: bytes[offset..<offset + XXH64.serializedByteCount])
        else { return nil }
        self.hasher = hasher
        offset += XXH64.serializedByteCount
        // Checked, not converted with `Int(_:)`: a damaged length past `Int.max` (2^31 on
        // watchOS) would trap there.
        guard let length = Int(exactly: Self.load(bytes[offset..<offset + 4])) else { return nil }
        offset += 4
        guard length <= bytes.count, offset + length + 8 == bytes.count else { return nil }
        let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        switch kind {
        case 0: validator = nil
        case 1: validator = .entityTag(text)
        case 2: validator = .lastModified(text)
        default: return nil
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func checkValue(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        XXH64.hash(Array(bytes))
    }
}
