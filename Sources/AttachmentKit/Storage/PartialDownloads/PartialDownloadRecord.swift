import Foundation

/// The state file of a partial download: its validator, how many bytes are flushed, the
/// checksum state after those bytes (so that resuming doesn't read them again), the whole
/// resource's length and the URL that answered.
///
/// ```
/// "AKPD" 2 kind(0 none, 1 ETag, 2 Last-Modified) 0 0   byte count (8, big-endian)
/// hasher state (80)   validator length (4) and UTF-8
/// total length (8, all ones when unknown)   URL length (4) and UTF-8
/// check value (8, XXH64 of the rest)
/// ```
///
/// Version 1 files (no total length, no URL) are still read. A file that is damaged,
/// truncated or not a state file at all decodes to `nil`: the store then treats the download
/// as absent and the next attempt starts again from zero, discarding the bytes.
struct PartialDownloadRecord: Sendable {
    var validator: RemotePart.Validator?
    var byteCount: Int64
    var hasher: XXH64
    var source = PartialDownloadSource()

    private static let prefix = Array("AKPD".utf8)
    private static let version: UInt8 = 2
    private static let unknownTotal = UInt64.max

    var encoded: [UInt8] {
        var bytes = Self.prefix + [Self.version]
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
        Self.append(source.totalByteCount.map { UInt64(bitPattern: $0) } ?? Self.unknownTotal, to: &bytes)
        let url = Array((source.url?.absoluteString ?? "").utf8)
        bytes += withUnsafeBytes(of: UInt32(url.count).bigEndian, Array.init)
        bytes += url
        Self.append(Self.checkValue(bytes[...]), to: &bytes)
        return bytes
    }

    init(
        validator: RemotePart.Validator?, byteCount: Int64, hasher: XXH64,
        source: PartialDownloadSource = PartialDownloadSource()
    ) {
        self.validator = validator
        self.byteCount = byteCount
        self.hasher = hasher
        self.source = source
    }

    /// Decodes a state file; `nil` when it is damaged, truncated or not one.
    init?(decoding bytes: [UInt8]) {
        let fixed = Self.prefix.count + 1 + 3 + 8 + XXH64.serializedByteCount + 4
        guard bytes.count >= fixed + 8, Array(bytes.prefix(Self.prefix.count)) == Self.prefix,
            [1, Self.version].contains(bytes[Self.prefix.count]),
            Self.checkValue(bytes.dropLast(8)) == Self.load(bytes.suffix(8))
        else { return nil }
        let version = bytes[Self.prefix.count]
        let end = bytes.count - 8
        var offset = Self.prefix.count + 1
        let kind = bytes[offset]
        offset += 3
        byteCount = Int64(bitPattern: Self.load(bytes[offset..<offset + 8]))
        offset += 8
        guard byteCount >= 0, let hasher = XXH64(serialized: bytes[offset..<offset + XXH64.serializedByteCount])
        else { return nil }
        self.hasher = hasher
        offset += XXH64.serializedByteCount
        guard let text = Self.text(bytes, at: &offset, end: end) else { return nil }
        switch kind {
        case 0: validator = nil
        case 1: validator = .entityTag(text)
        case 2: validator = .lastModified(text)
        default: return nil
        }
        if version >= 2 {
            guard offset + 8 <= end else { return nil }
            let total = Self.load(bytes[offset..<offset + 8])
            offset += 8
            guard let url = Self.text(bytes, at: &offset, end: end) else { return nil }
            if total != Self.unknownTotal {
                guard let total = Int64(exactly: total), total >= byteCount else { return nil }
                source.totalByteCount = total
            }
            source.url = url.isEmpty ? nil : URL(string: url)
        }
        guard offset == end else { return nil }
    }

    /// A length-prefixed UTF-8 string at `offset`, which moves past it; `nil` when it would run
    /// past `end`.
    private static func text(_ bytes: [UInt8], at offset: inout Int, end: Int) -> String? {
        guard offset + 4 <= end else { return nil }
        // Checked, not converted with `Int(_:)`: a damaged length past `Int.max` (2^31 on
        // watchOS) would trap there.
        guard let length = Int(exactly: load(bytes[offset..<offset + 4])) else { return nil }
        offset += 4
        guard length <= end - offset else { return nil }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
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
