/// CRC-32 as PNG and zlib compute it (ISO 3309, polynomial 0xEDB88320, reflected), over bytes
/// given in pieces.
struct CRC32 {
    private var state: UInt32 = 0xFFFF_FFFF

    /// The checksum of the bytes given so far.
    var checksum: UInt32 { state ^ 0xFFFF_FFFF }

    /// Adds `bytes` to the checksum.
    mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        var crc = state
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        state = crc
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.checksum
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
