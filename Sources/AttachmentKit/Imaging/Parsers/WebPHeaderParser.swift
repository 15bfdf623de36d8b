/// Reads a WebP's size from its first chunk, in any of the three forms: lossy (`VP8 `: the
/// key frame header), lossless (`VP8L`: the 14-bit fields after the signature) or extended
/// (`VP8X`: the canvas size and flags). An extended file whose flags announce Exif or animation
/// is walked chunk by chunk (see ``WebPExtendedChunks``): to its `EXIF` chunk for the
/// orientation, and through every `ANMF` frame of an animation.
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
                pixelHeight: reader.uint24(at: payload + 7, bigEndian: false) + 1)
            var walk = WebPExtendedChunks(
                offset: chunk.end, riffEnd: riffEnd, readsExif: flags & 0x08 != 0, isAnimated: flags & 0x02 != 0)
            try walk.read(into: &fields, &reader)
            return fields
        default:
            throw .malformed(.webp, reason: "the first chunk is \"\(chunk.code)\", not VP8, VP8L or VP8X")
        }
    }

    /// One RIFF chunk: its code, payload size and where it starts.
    struct Chunk {
        let code: String
        let size: Int
        let offset: Int
        let riffEnd: Int
        /// The chunk's first bytes, header included, read with it when a `peek` was asked for.
        let head: [UInt8]

        /// Reads the chunk header at `offset` and, with `peek` over 8, in the same read up to
        /// `peek` bytes from the chunk's start (an `ANMF` frame's header), fewer where the input
        /// ends; ``head`` is empty otherwise.
        init(at offset: Int, riffEnd: Int, peek: Int = 8, _ reader: inout ByteReader) throws(ImageInspector.Error) {
            let size: UInt32
            if peek > 8 {
                head = try reader.prefix(peek, from: offset)
                guard head.count >= 8 else { throw .truncated(.webp, offset: offset + (head.count < 4 ? 0 : 4)) }
                code = FourCharacterCode.text(head[0..<4].reduce(0) { $0 << 8 | Int($1) })
                size = head[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            } else {
                // Two reads without an allocation: the common case, and a walk of many tiny chunks.
                head = []
                code = FourCharacterCode.text(try reader.uint32(at: offset, bigEndian: true))
                size = try reader.rawUInt32(at: offset + 4, bigEndian: false)
            }
            self.offset = offset
            self.riffEnd = riffEnd
            // Compared as 64-bit values: a 32-bit `Int` (Apple Watch) can't hold every size.
            let room = riffEnd - offset - 8
            guard room >= 0, UInt64(size) <= UInt64(room) else {
                throw .oversizedField(.webp, field: "\"\(code)\" chunk size", value: UInt64(size))
            }
            self.size = Int(size)
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
}
