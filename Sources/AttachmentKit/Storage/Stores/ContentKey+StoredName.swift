import Foundation

/// The key itself, as the file store's journal records it beside the key's digest, so that the
/// store can list its keys.
extension ContentKey {
    /// The longest name recorded; a longer key's entry works but is not listed by
    /// ``FileContentStore/keys()``.
    static let maximumStoredNameByteCount = 4096

    /// The part identity's UTF-8 byte count (4 bytes, little-endian), its UTF-8 bytes, then the
    /// representation's.
    var storedName: [UInt8] {
        let part = Array(partID.rawValue.utf8)
        let count = UInt32(truncatingIfNeeded: part.count)
        return withUnsafeBytes(of: count.littleEndian) { Array($0) } + part + Array(representation.rawValue.utf8)
    }

    /// The key a ``storedName`` describes; `nil` when the bytes are not one.
    init?(storedName bytes: [UInt8]) {
        guard bytes.count >= 4 else { return nil }
        // Read as the fixed-width field it is, then converted with a check: a count of 2³¹ or
        // more (a damaged or crafted name) would be negative in a 32-bit `Int` (Apple Watch)
        // and pass the bounds check below.
        let field = bytes[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let count = Int(exactly: field), count <= bytes.count - 4,
            let part = Self.validString(bytes[4..<4 + count]),
            let representation = Self.validString(bytes[(4 + count)...])
        else { return nil }
        self.init(partID: PartID(part), representation: Representation(rawValue: representation))
    }

    /// The byte count of ``storedName``, without building it.
    var storedNameByteCount: Int { 4 + partID.rawValue.utf8.count + representation.rawValue.utf8.count }

    /// The name records a name of `byteCount` bytes takes; none past
    /// ``maximumStoredNameByteCount``.
    static func nameRecordCount(byteCount: Int) -> Int {
        guard byteCount <= maximumStoredNameByteCount else { return 0 }
        return (byteCount + ManifestRecord.payloadByteCount - 1) / ManifestRecord.payloadByteCount
    }

    /// The string whose UTF-8 is `bytes`, or `nil` when they are not valid UTF-8.
    private static func validString(_ bytes: ArraySlice<UInt8>) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// The name records for this key, stored under `digest`; none when the name is longer than
    /// ``maximumStoredNameByteCount``.
    func nameRecords(digest: SHA256Digest) -> [ManifestRecord] {
        let name = storedName
        guard name.count <= Self.maximumStoredNameByteCount else { return [] }
        return stride(from: 0, to: name.count, by: ManifestRecord.payloadByteCount).map { offset in
            var record = ManifestRecord(kind: .name, key: digest, size: Int64(name.count), lastAccess: Int64(offset))
            record.payload = Array(name[offset..<min(offset + ManifestRecord.payloadByteCount, name.count)])
            return record
        }
    }
}
