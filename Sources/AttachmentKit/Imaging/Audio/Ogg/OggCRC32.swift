/// The CRC-32 of an Ogg page (RFC 3533 §6): polynomial 0x04C11DB7, initial value 0, bits taken
/// most significant first, no final inversion (not zlib's reflected CRC-32), computed over the
/// whole page with its checksum field read as zeros.
enum OggCRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var remainder = UInt32(index) << 24
        for _ in 0..<8 {
            remainder = remainder & 0x8000_0000 != 0 ? (remainder << 1) ^ 0x04C1_1DB7 : remainder << 1
        }
        return remainder
    }

    /// The checksum of `page`, with the four bytes at `checksumOffset` counted as zeros.
    static func checksum(of page: [UInt8], checksumOffset: Int) -> UInt32 {
        var crc: UInt32 = 0
        for (index, byte) in page.enumerated() {
            let value = checksumOffset..<checksumOffset + 4 ~= index ? 0 : byte
            crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(value))]
        }
        return crc
    }
}
