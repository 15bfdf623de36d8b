/// Reads a PNG's size and interlace method from `IHDR`, then walks the chunks before the first
/// `IDAT` for `acTL` (APNG) and `eXIf` (orientation), skipping each by its length. An APNG is
/// walked on to `IEND`, counting its frames (`fcTL`) and their delays.
///
/// A PNG that ends before its first `IDAT` is reported truncated. `eXIf` after the image data is
/// not read: decoders that honour it read it before `IDAT`, where the specification places it.
/// Of two `eXIf` (or `acTL`) chunks, the first wins, as it does in libpng.
///
/// An APNG's frames are its `fcTL` chunks: the image data before the first `fcTL` (the default
/// image that decoders without APNG support show) is not a frame, and the count `acTL`
/// announces is not trusted. Once the still header is known, a damaged or cut-off animation
/// ends the walk with the frames counted so far (see ``AnimationWalk``).
enum PNGHeaderParser {
    /// The largest chunk length the PNG specification allows, 2³¹ − 1.
    private static let maximumChunkLength: UInt32 = 0x7FFF_FFFF

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
        var announcedFrames: Int?
        var seenExif = false
        var walk = AnimationWalk(loop: .infinite)
        var isAnimationDamaged = false
        chunks: while true {
            guard offset < reader.count else { throw .truncated(.png, offset: offset) }
            let chunk = try Chunk(at: offset, &reader)
            switch chunk.type {
            case "IDAT":
                break chunks
            case "IEND":
                throw .malformed(.png, reason: "it ends (IEND) before any image data (IDAT)")
            case "acTL" where chunk.length >= 8 && announcedFrames == nil:
                announcedFrames = try reader.uint32(at: offset + 8, bigEndian: true)
                let plays = try reader.uint32(at: offset + 12, bigEndian: true)
                walk.loop = plays == 0 ? .infinite : .count(plays)
            case "fcTL" where announcedFrames != nil && !isAnimationDamaged:
                // A frame control that can't be read damages the animation, not the still image.
                do {
                    try countFrame(chunk, &walk, &reader)
                } catch {
                    guard !error.isAboutTheReadNotTheFormat else { throw error }
                    isAnimationDamaged = true
                }
            case "eXIf" where !seenExif:
                fields.orientation = try TIFFStructure.embeddedOrientation(
                    at: offset + 8, length: chunk.length, &reader)
                seenExif = true
            default:
                break
            }
            offset = try chunk.end(&reader)
        }
        guard let announcedFrames else { return fields }
        if !isAnimationDamaged {
            try walk.run { (walk) throws(ImageInspector.Error) in
                try walkFrames(from: offset, &walk, &reader)
            }
        }
        fields.animation = walk.animation(claimsAnimation: announcedFrames > 1)
        fields.isAnimated = fields.animation != nil
        return fields
    }

    /// Walks the chunks from the first `IDAT` to `IEND`, counting each `fcTL`.
    private static func walkFrames(
        from start: Int, _ walk: inout AnimationWalk, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) {
        var offset = start
        while true {
            let chunk = try Chunk(at: offset, &reader)
            if chunk.type == "IEND" { return }
            if chunk.type == "fcTL" { try countFrame(chunk, &walk, &reader) }
            offset = try chunk.end(&reader)
        }
    }

    /// Counts the frame whose `fcTL` is `chunk`, with its delay: `delay_num / delay_den`
    /// seconds, a denominator of 0 meaning 100.
    private static func countFrame(
        _ chunk: Chunk, _ walk: inout AnimationWalk, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) {
        guard chunk.length >= 26 else {
            throw .malformed(.png, reason: "the fcTL chunk at byte \(chunk.offset) has \(chunk.length) bytes")
        }
        let delay = try reader.prefix(4, from: chunk.offset + 8 + 20)
        guard delay.count == 4 else { throw .truncated(.png, offset: chunk.offset + 28 + delay.count) }
        let numerator = Int(delay[0]) << 8 | Int(delay[1])
        let denominator = Int(delay[2]) << 8 | Int(delay[3])
        walk.addFrame(delay: Double(numerator) / Double(denominator == 0 ? 100 : denominator))
    }

    /// A chunk's length and type, read at once.
    private struct Chunk {
        let offset: Int
        let length: Int
        let type: String

        init(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) {
            let head = try reader.prefix(8, from: offset)
            guard head.count == 8 else { throw .truncated(.png, offset: offset + (head.count < 4 ? 0 : 4)) }
            let length = head[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard length <= maximumChunkLength else {
                throw .oversizedField(.png, field: "chunk length", value: UInt64(length))
            }
            self.offset = offset
            self.length = Int(length)
            type = FourCharacterCode.text(head[4..<8].reduce(0) { $0 << 8 | Int($1) })
        }

        /// Where the next chunk starts. `offset + 12` is safe (an offset below the reader's
        /// count plus a constant), the length is not: `12 + length` overflows a 32-bit `Int`
        /// (Apple Watch).
        func end(_ reader: inout ByteReader) throws(ImageInspector.Error) -> Int {
            try reader.end(of: offset + 12, length: length, field: "chunk length")
        }
    }

    /// The four-letter type of the chunk whose type field is at `offset`.
    private static func chunkType(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) -> String {
        let code = try reader.uint32(at: offset, bigEndian: true)
        return FourCharacterCode.text(code)
    }
}
