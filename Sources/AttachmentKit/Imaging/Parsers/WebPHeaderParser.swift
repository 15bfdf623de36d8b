/// Reads a WebP's size from its first chunk, in any of the three forms: lossy (`VP8 `: the
/// key frame header), lossless (`VP8L`: the 14-bit fields after the signature) or extended
/// (`VP8X`: the canvas size and flags). An extended file whose flags announce Exif is walked,
/// chunk by chunk, to its `EXIF` chunk for the orientation.
enum WebPHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let riffEnd = try reader.end(of: 8, length: reader.uint32(at: 4, bigEndian: false), field: "RIFF size")
        let chunk = try Chunk(at: 12, riffEnd: riffEnd, &reader)
        let payload = chunk.offset + 8
        switch chunk.code {
        case "VP8 ":
            guard chunk.size >= 10 else { throw .malformed(.webp, reason: "the VP8 chunk has \(chunk.size) bytes") }
            guard try reader.uint8(at: payload) & 1 == 0 else {
                throw .malformed(.webp, reason: "the VP8 frame is not a key frame")
            }
            guard try reader.bytes(at: payload + 3, equal: [0x9D, 0x01, 0x2A]) else {
                throw .malformed(.webp, reason: "the VP8 start code is missing")
            }
            return try HeaderFields(
                pixelWidth: reader.uint16(at: payload + 6, bigEndian: false) & 0x3FFF,
                pixelHeight: reader.uint16(at: payload + 8, bigEndian: false) & 0x3FFF
            ).validated(.webp)
        case "VP8L":
            guard chunk.size >= 5, try reader.uint8(at: payload) == 0x2F else {
                throw .malformed(.webp, reason: "the VP8L signature is missing")
            }
            let bits = try reader.uint32(at: payload + 1, bigEndian: false)
            return HeaderFields(pixelWidth: (bits & 0x3FFF) + 1, pixelHeight: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            guard chunk.size >= 10 else { throw .malformed(.webp, reason: "the VP8X chunk has \(chunk.size) bytes") }
            let flags = try reader.uint8(at: payload)
            var fields = try HeaderFields(
                pixelWidth: reader.uint24(at: payload + 4, bigEndian: false) + 1,
                pixelHeight: reader.uint24(at: payload + 7, bigEndian: false) + 1, isAnimated: flags & 0x02 != 0)
            if flags & 0x08 != 0 {
                fields.orientation = try exifOrientation(after: chunk, riffEnd: riffEnd, &reader)
            }
            return fields
        default:
            throw .malformed(.webp, reason: "the first chunk is \"\(chunk.code)\", not VP8, VP8L or VP8X")
        }
    }

    /// One RIFF chunk: its code, payload size and where it starts.
    private struct Chunk {
        let code: String
        let size: Int
        let offset: Int
        let riffEnd: Int

        init(at offset: Int, riffEnd: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) {
            code = FourCharacterCode.text(try reader.uint32(at: offset, bigEndian: true))
            size = try reader.uint32(at: offset + 4, bigEndian: false)
            self.offset = offset
            self.riffEnd = riffEnd
            guard size <= riffEnd - offset - 8 else {
                throw .oversizedField(.webp, field: "\"\(code)\" chunk size", value: UInt64(size))
            }
        }

        /// Where the next chunk starts: after the payload and its padding to an even length, or
        /// the RIFF end when the payload fills it. `offset + 8 + size` is at most the RIFF end,
        /// which is `Int.max` for a crafted size where `Int` is 32 bits (Apple Watch): the
        /// padding byte past it would overflow, and no chunk can start there anyway.
        var end: Int {
            // apple-compat: allow int32-trap (size <= riffEnd - offset - 8, checked in init)
            let payloadEnd = offset + 8 + size
            // apple-compat: allow int32-trap (payloadEnd < riffEnd here, so + 1 fits)
            return payloadEnd == riffEnd ? riffEnd : payloadEnd + size % 2
        }
    }

    /// Walks the chunks after `first` to the `EXIF` chunk and reads its orientation;
    /// ``ImageOrientation/up`` when there is none.
    private static func exifOrientation(
        after first: Chunk, riffEnd: Int, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> ImageOrientation {
        var offset = first.end
        while offset <= riffEnd - 8 {
            let chunk = try Chunk(at: offset, riffEnd: riffEnd, &reader)
            if chunk.code == "EXIF" {
                var base = chunk.offset + 8
                var length = chunk.size
                if length >= 6, try reader.bytes(at: base, equal: TIFFStructure.exifIdentifier) {
                    base += 6
                    length -= 6
                }
                return try TIFFStructure.embeddedOrientation(at: base, length: length, &reader)
            }
            offset = chunk.end
        }
        return .up
    }
}
