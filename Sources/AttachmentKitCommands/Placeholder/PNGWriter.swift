import Foundation

/// Writes 8-bit RGBA pixels as a PNG: one IDAT of zlib data in stored (uncompressed) deflate
/// blocks, each chunk with its CRC-32 and the zlib stream with its Adler-32. Enough for a
/// placeholder of a few kilobytes; no compression.
enum PNGWriter {
    /// The PNG of `width` × `height` pixels, `rgba` row by row (`width * height * 4` bytes).
    static func png(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)  // filter type None
            raw += rgba[row * width * 4..<(row + 1) * width * 4]
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, not interlaced
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// `bytes` as a zlib stream of stored deflate blocks of at most 65,535 bytes.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let isLast = start + count == bytes.count
            stream.append(isLast ? 1 : 0)
            stream += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream += bytes[start..<start + count]
            start += count
        } while start < bytes.count
        appendBigEndian(adler32(bytes), to: &stream)
        return stream
    }

    /// The Adler-32 checksum (RFC 1950) of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout Data) {
        var length: [UInt8] = []
        appendBigEndian(UInt32(data.count), to: &length)
        let typed = Array(type.utf8) + data
        var crc: [UInt8] = []
        appendBigEndian(crc32(typed), to: &crc)
        png.append(contentsOf: length + typed + crc)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
