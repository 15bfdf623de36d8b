/// Reads a PNG's size and interlace method from `IHDR`, then walks the chunks before the first
/// `IDAT` for `acTL` (APNG) and `eXIf` (orientation), skipping each by its length.
///
/// A PNG that ends before its first `IDAT` is reported truncated. `eXIf` after the image data is
/// not read: decoders that honour it read it before `IDAT`, where the specification places it.
/// Of two `eXIf` (or `acTL`) chunks, the first wins, as it does in libpng.
enum PNGHeaderParser {
    /// The largest chunk length the PNG specification allows, 2³¹ − 1.
    private static let maximumChunkLength = 0x7FFF_FFFF

    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        guard try reader.uint32(at: 8, bigEndian: true) == 13, try chunkType(at: 12, &reader) == "IHDR" else {
            throw .malformed(.png, reason: "the first chunk is not a 13-byte IHDR")
        }
        var fields = try HeaderFields(
            pixelWidth: reader.uint32(at: 16, bigEndian: true), pixelHeight: reader.uint32(at: 20, bigEndian: true)
        ).validated(.png)
        fields.isProgressive = try reader.uint8(at: 28) == 1
        var offset = 8 + 12 + 13
        // The first acTL and the first eXIf win (the format allows one of each), as in libpng.
        var (seenAnimationControl, seenExif) = (false, false)
        while offset < reader.count {
            let length = try reader.uint32(at: offset, bigEndian: true)
            guard length <= maximumChunkLength else {
                throw .oversizedField(.png, field: "chunk length", value: UInt64(length))
            }
            let type = try chunkType(at: offset + 4, &reader)
            switch type {
            case "IDAT":
                return fields
            case "IEND":
                throw .malformed(.png, reason: "it ends (IEND) before any image data (IDAT)")
            case "acTL" where length >= 8 && !seenAnimationControl:
                fields.isAnimated = try reader.uint32(at: offset + 8, bigEndian: true) > 1
                seenAnimationControl = true
            case "eXIf" where !seenExif:
                fields.orientation = try TIFFStructure.embeddedOrientation(at: offset + 8, length: length, &reader)
                seenExif = true
            default:
                break
            }
            // `offset + 12` is safe (an offset below the reader's count plus a constant), the
            // length is not: `12 + length` overflows a 32-bit `Int` (Apple Watch).
            offset = try reader.end(of: offset + 12, length: length, field: "chunk length")
        }
        throw .truncated(.png, offset: offset)
    }

    /// The four-letter type of the chunk whose type field is at `offset`.
    private static func chunkType(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) -> String {
        let code = try reader.uint32(at: offset, bigEndian: true)
        return FourCharacterCode.text(code)
    }
}
