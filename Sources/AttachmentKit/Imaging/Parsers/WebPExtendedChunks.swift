/// The walk over an extended WebP's chunks after `VP8X`: the first `EXIF` chunk's orientation
/// when the flags announce Exif, and, when they announce animation, the `ANIM` loop count and
/// each `ANMF` frame's duration, every chunk skipped by its size.
///
/// A still file stops at its `EXIF` chunk and fails on a damaged chunk, as it always did. An
/// animation is walked to the end of the RIFF container; a damaged or cut-off chunk (an `ANMF`
/// past the end) ends it with the frames counted so far (see ``AnimationWalk``), unless the
/// `EXIF` chunk was still to come and the read budget ran out: then the budget's error stands,
/// as it does for every image whose orientation lies beyond the budget.
struct WebPExtendedChunks {
    /// Where the next chunk starts.
    var offset: Int
    let riffEnd: Int
    /// Whether the `EXIF` chunk is still to be read.
    var readsExif: Bool
    let isAnimated: Bool
    private var hasLoop = false

    init(offset: Int, riffEnd: Int, readsExif: Bool, isAnimated: Bool) {
        self.offset = offset
        self.riffEnd = riffEnd
        self.readsExif = readsExif
        self.isAnimated = isAnimated
    }

    /// Walks the chunks, writing the orientation and the animation into `fields`.
    mutating func read(into fields: inout HeaderFields, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        var frames = AnimationWalk(loop: .infinite)
        guard isAnimated else {
            if readsExif { try walk(&fields, &frames, &reader) }
            return
        }
        if let stop = try frames.run({ (frames) throws(ImageInspector.Error) in try walk(&fields, &frames, &reader) }),
            readsExif, stop.isAboutTheReadNotTheFormat
        {
            throw stop
        }
        fields.animation = frames.animation(claimsAnimation: true)
        fields.isAnimated = fields.animation != nil
    }

    /// Reads chunk after chunk to the end of the container, or to the `EXIF` chunk of a still.
    private mutating func walk(
        _ fields: inout HeaderFields, _ frames: inout AnimationWalk, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) {
        while offset <= riffEnd - 8 {
            // An ANMF payload starts with 16 bytes of frame header: read with the chunk header.
            let chunk = try WebPHeaderParser.Chunk(at: offset, riffEnd: riffEnd, peek: isAnimated ? 24 : 8, &reader)
            switch chunk.code {
            case "EXIF" where readsExif:
                fields.orientation = try Self.exifOrientation(chunk, &reader)
                readsExif = false
                guard isAnimated else { return }
            case "ANIM" where isAnimated && !hasLoop && chunk.size >= 6:
                // Background colour (4 bytes), then the loop count (16 bits, little-endian).
                let loop = try reader.uint16(at: chunk.offset + 12, bigEndian: false)
                frames.loop = loop == 0 ? .infinite : .count(loop)
                hasLoop = true
            case "ANMF" where isAnimated:
                guard chunk.size >= 16 else {
                    throw .malformed(.webp, reason: "the ANMF chunk at byte \(chunk.offset) has \(chunk.size) bytes")
                }
                // X, Y, width − 1, height − 1 (24 bits each), then the duration in milliseconds.
                let duration =
                    chunk.head.count >= 23
                    ? Int(chunk.head[20]) | Int(chunk.head[21]) << 8 | Int(chunk.head[22]) << 16
                    : try reader.uint24(at: chunk.offset + 20, bigEndian: false)
                frames.addFrame(delay: Double(duration) / 1000)
            default:
                break
            }
            offset = chunk.end
        }
        // The last frame's chunk may claim bytes up to the RIFF end that the input lacks.
        if isAnimated, riffEnd > reader.count { throw .truncated(.webp, offset: reader.count) }
    }

    /// The orientation in the `EXIF` chunk, with or without the Exif identifier before its TIFF
    /// structure.
    private static func exifOrientation(
        _ chunk: WebPHeaderParser.Chunk, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> ImageOrientation {
        var base = chunk.offset + 8
        var length = chunk.size
        if length >= 6, try reader.bytes(at: base, equal: TIFFStructure.exifIdentifier) {
            base += 6
            length -= 6
        }
        return try TIFFStructure.embeddedOrientation(at: base, length: length, &reader)
    }
}
