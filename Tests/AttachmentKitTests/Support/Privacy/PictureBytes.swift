import Foundation

/// The bytes of an image file that decode its picture, read without AttachmentKit's code: what
/// stripping must leave byte for byte.
enum PictureBytes {
    /// A JPEG's tables (DQT, DHT, SOFn, DRI, DAC, APP14 Adobe) and everything from its first
    /// scan (SOS) to the end of the file, in order.
    static func jpeg(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var result = Data()
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA {
                result.append(contentsOf: bytes[offset...])
                break
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let keeps = (0xC0...0xCF).contains(marker) || marker == 0xDB || marker == 0xDD || marker == 0xEE
            if keeps { result.append(contentsOf: bytes[offset..<min(bytes.count, offset + 2 + length)]) }
            offset += 2 + length
        }
        return result
    }

    /// A PNG's chunks other than metadata (text, `eXIf`, `tIME`), in order, with their CRCs:
    /// `IHDR`, `PLTE`, `iCCP`, `IDAT`, `fdAT`…
    static func png(_ data: Data) -> Data {
        chunks(data, from: 8, riff: false)
            .filter { !["tEXt", "zTXt", "iTXt", "eXIf", "tIME"].contains($0.type) }
            .reduce(into: Data()) { $0.append($1.bytes) }
    }

    /// A WebP's image chunks (`VP8 `, `VP8L`, `ALPH`, `ANIM`, `ANMF`) and `ICCP`, in order.
    static func webp(_ data: Data) -> Data {
        chunks(data, from: 12, riff: true)
            .filter { ["VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"].contains($0.type) }
            .reduce(into: Data()) { $0.append($1.bytes) }
    }

    /// The chunks of a PNG file (a big-endian length, the type, the data, a CRC) or of a RIFF file
    /// (the type, a little-endian length, the data, a pad byte after an odd length).
    private static func chunks(_ data: Data, from start: Int, riff: Bool) -> [(type: String, bytes: Data)] {
        let bytes = [UInt8](data)
        var result: [(String, Data)] = []
        var offset = start
        while offset + 8 <= bytes.count {
            let (typeAt, lengthAt) = riff ? (offset, offset + 4) : (offset + 4, offset)
            let field = bytes[lengthAt..<lengthAt + 4].map(Int.init)
            let length = riff ? field.reversed().reduce(0) { $0 << 8 | $1 } : field.reduce(0) { $0 << 8 | $1 }
            let type = String(decoding: bytes[typeAt..<typeAt + 4], as: UTF8.self)
            let end = min(bytes.count, offset + 8 + length + (riff ? length % 2 : 4))
            result.append((type, Data(bytes[offset..<end])))
            offset = end
        }
        return result
    }
}
