/// One Ogg page (RFC 3533 §6), read whole and checked against its CRC-32.
struct OggPage {
    /// The capture pattern every page starts with.
    static let capturePattern: [UInt8] = Array("OggS".utf8)
    /// The bytes before the segment table.
    static let fixedHeaderLength = 27
    /// The granule position that says no packet ends on the page.
    static let noGranule: Int64 = -1

    /// Where the page starts in the input.
    let offset: Int
    /// The page's bytes, header and body.
    let bytes: [UInt8]
    /// Whether the first packet continues one from the previous page (flag 0x01).
    let isContinuation: Bool
    /// Whether this is the first page of a logical stream (flag 0x02).
    let isBeginning: Bool
    /// Whether this is the last page of a logical stream (flag 0x04).
    let isEnd: Bool
    /// The granule position: −1 when no packet ends on the page.
    let granule: Int64
    /// The logical stream's serial number.
    let serial: UInt32
    /// The segment table's lacing values.
    let lacing: ArraySlice<UInt8>

    /// The page's length in bytes.
    var length: Int { bytes.count }

    /// Reads the page at `offset`, checking its version, its length against the input and its
    /// CRC-32.
    init(at offset: Int, _ reader: inout AudioByteReader) throws(AudioInspector.Error) {
        guard try reader.bytes(at: offset, equal: Self.capturePattern) else {
            throw .malformed(.ogg, reason: "no Ogg page starts at byte \(offset)")
        }
        let header = try reader.prefix(Self.fixedHeaderLength, from: offset)
        guard header.count == Self.fixedHeaderLength else { throw .truncated(.ogg, offset: offset) }
        guard header[4] == 0 else {
            throw .malformed(.ogg, reason: "the page at byte \(offset) has version \(header[4]), not 0")
        }
        let segmentCount = Int(header[26])
        let table = try reader.prefix(segmentCount, from: offset + Self.fixedHeaderLength)
        guard table.count == segmentCount else { throw .truncated(.ogg, offset: offset + Self.fixedHeaderLength) }
        let length = Self.fixedHeaderLength + segmentCount + table.reduce(0) { $0 + Int($1) }
        guard length <= reader.count - offset else {
            throw .truncated(.ogg, offset: offset)
        }
        bytes = try reader.prefix(length, from: offset)
        let stored = Self.littleEndian(bytes, at: 22, count: 4)
        let computed = OggCRC32.checksum(of: bytes, checksumOffset: 22)
        guard UInt32(stored) == computed else {
            throw .checksumMismatch(offset: offset, stored: UInt32(stored), computed: computed)
        }
        self.offset = offset
        isContinuation = header[5] & 0x01 != 0
        isBeginning = header[5] & 0x02 != 0
        isEnd = header[5] & 0x04 != 0
        granule = Int64(bitPattern: Self.littleEndian(bytes, at: 6, count: 8))
        serial = UInt32(Self.littleEndian(bytes, at: 14, count: 4))
        lacing = bytes[Self.fixedHeaderLength..<Self.fixedHeaderLength + segmentCount]
    }

    /// The packets of the page, in order: where each starts in ``bytes``, its length in this
    /// page, and whether it ends here (a packet whose last lacing value is 255 goes on in the
    /// next page). The first one continues a packet from the previous page when
    /// ``isContinuation``.
    var packets: [(start: Int, length: Int, isComplete: Bool)] {
        var result: [(start: Int, length: Int, isComplete: Bool)] = []
        var start = Self.fixedHeaderLength + lacing.count
        var length = 0
        for value in lacing {
            length += Int(truncatingIfNeeded: value)
            if value < 255 {
                result.append((start, length, true))
                start += length
                length = 0
            }
        }
        if lacing.last == 255 { result.append((start, length, false)) }
        return result
    }

    /// The little-endian integer of `count` bytes at `offset` of `bytes`.
    static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        (0..<count).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
}
