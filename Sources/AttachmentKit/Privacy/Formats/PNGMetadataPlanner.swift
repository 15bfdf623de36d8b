/// Plans the stripping of a PNG: walks every chunk to `IEND`, checks each chunk's CRC (when the
/// plan verifies checksums), and edits the metadata chunks:
///
/// - `eXIf`: personal tags removed in place (``TIFFMetadataEditor``), the CRC recomputed.
/// - XMP text (`iTXt` `XML:com.adobe.xmp`): removed whole, or its personal properties blanked
///   (compressed XMP, which can't be read here, is removed when the policy removes what it holds).
/// - ImageMagick's raw profiles and personal `exif:*` text chunks, and `Author`: removed whole
///   (``PNGTextKeyword``).
///
/// Each chunk has its own CRC, so removing one changes no other; the image data (`IDAT`, APNG's
/// `fdAT`), the palette, the ICC profile (`iCCP`) and the other chunks are copied byte for byte.
enum PNGMetadataPlanner {
    /// The largest chunk the format allows, 2³¹ − 1 bytes.
    private static let maximumChunkLength = 0x7FFF_FFFF
    /// The largest metadata chunk edited in memory.
    static let maximumEditedLength = 16 << 20

    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        guard try reader.uint32(at: 8, bigEndian: true) == 13, try chunkType(at: 12, &reader) == "IHDR" else {
            throw .malformed(.png, reason: "the first chunk is not a 13-byte IHDR")
        }
        var offset = 8
        while true {
            let length = try reader.uint32(at: offset, bigEndian: true)
            guard length <= maximumChunkLength else {
                throw .oversizedField(.png, field: "chunk length", value: UInt64(length))
            }
            let type = try chunkType(at: offset + 4, &reader)
            let data = offset + 8
            let dataEnd = try reader.end(of: data, length: length, field: "chunk length")
            guard dataEnd <= reader.count - 4 else { throw .truncated(.png, offset: reader.count) }
            let chunk = Chunk(type: type, range: offset..<dataEnd + 4, data: data..<dataEnd)
            if plan.verifiesChecksums { try verifyChecksum(of: chunk, &reader) }
            switch type {
            case "IEND": return
            case "eXIf": try exif(chunk, &reader, &plan)
            case "tEXt", "zTXt", "iTXt": try text(chunk, &reader, &plan)
            default: break
            }
            offset = chunk.range.upperBound
        }
    }

    /// One chunk: its type, its whole extent and its data.
    struct Chunk {
        let type: String
        let range: Range<Int>
        let data: Range<Int>
    }

    /// Checks the chunk's CRC (over its type and data), reading the data in pieces.
    private static func verifyChecksum(of chunk: Chunk, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        var crc = CRC32()
        var position = chunk.data.lowerBound - 4
        while position < chunk.data.upperBound {
            let piece = try reader.prefix(min(1 << 16, chunk.data.upperBound - position), from: position)
            crc.update(piece)
            position += piece.count
        }
        let stored = try reader.rawUInt32(at: chunk.data.upperBound, bigEndian: true)
        guard stored == crc.checksum else {
            throw .malformed(
                .png, reason: "the \(chunk.type) chunk at byte \(chunk.range.lowerBound) fails its CRC check")
        }
    }

    /// An `eXIf` chunk: edited in memory, written back with a new CRC.
    private static func exif(_ chunk: Chunk, _ reader: inout ByteReader, _ plan: inout MetadataPlan)
        throws(ImageInspector.Error)
    {
        let data = try editableData(chunk, &reader)
        // Some writers keep the JPEG segment's "Exif\0\0" before the TIFF header.
        let skip = data.starts(with: TIFFStructure.exifIdentifier) ? 6 : 0
        let edited = try InMemoryEdit.apply(to: data, format: .png, removing: plan.removing) {
            (reader, plan) throws(ImageInspector.Error) in
            try TIFFMetadataEditor.plan(at: skip, length: data.count - skip, &reader, &plan)
        }
        plan.note(edited.found)
        if edited.bytes != data { plan.add(rewrite(chunk, data: edited.bytes), removing: edited.removed) }
    }

    /// A text chunk: removed, blanked or kept as its keyword and content say.
    private static func text(_ chunk: Chunk, _ reader: inout ByteReader, _ plan: inout MetadataPlan)
        throws(ImageInspector.Error)
    {
        let head = try reader.prefix(min(chunk.data.count, 80), from: chunk.data.lowerBound)
        guard let end = head.firstIndex(of: 0) else { return }
        switch PNGTextKeyword(String(decoding: head[..<end], as: UTF8.self)) {
        case .other:
            return
        case .personal(let kinds):
            plan.note(kinds)
            if plan.removes(kinds) { plan.add(.removal(chunk.range), removing: kinds.intersection(plan.removing)) }
        case .xmp:
            let data = chunk.data.count <= maximumEditedLength ? try editableData(chunk, &reader) : []
            guard !data.isEmpty, let text = xmpText(chunkType: chunk.type, data: data, keywordEnd: end) else {
                let review = XMPPacketReview(unreadRemoving: plan.removing)
                plan.note(review.found)
                if review.action == .remove { plan.add(.removal(chunk.range), removing: review.removed) }
                return
            }
            let review = XMPPacketReview(Array(data[text]), removing: plan.removing)
            plan.note(review.found)
            switch review.action {
            case .keep: break
            case .remove: plan.add(.removal(chunk.range), removing: review.removed)
            case .blank:
                var edited = data
                ByteEdit.apply(review.blankingEdits(packetStart: text.lowerBound), to: &edited, start: 0)
                plan.add(rewrite(chunk, data: edited), removing: review.removed)
            }
        }
    }

    /// Where the uncompressed text of an XMP text chunk is, or `nil` when it is compressed.
    private static func xmpText(chunkType: String, data: [UInt8], keywordEnd: Int) -> Range<Int>? {
        guard chunkType != "zTXt" else { return nil }
        guard chunkType == "iTXt" else { return (keywordEnd + 1)..<data.count }
        // iTXt: compression flag and method, language tag, translated keyword, then the text.
        guard keywordEnd + 3 <= data.count, data[keywordEnd + 1] == 0,
            let language = data[(keywordEnd + 3)...].firstIndex(of: 0),
            let translated = data[(language + 1)...].firstIndex(of: 0)
        else { return nil }
        return (translated + 1)..<data.count
    }

    /// The chunk's data, read into memory to be edited.
    private static func editableData(_ chunk: Chunk, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> [UInt8]
    {
        guard chunk.data.count <= maximumEditedLength else {
            throw .unsupported(.png, feature: "a \(chunk.type) chunk of \(chunk.data.count) bytes")
        }
        return try reader.prefix(chunk.data.count, from: chunk.data.lowerBound)
    }

    /// The edit that replaces the chunk's data (same length) and CRC.
    private static func rewrite(_ chunk: Chunk, data: [UInt8]) -> ByteEdit {
        var crc = CRC32()
        crc.update(Array(chunk.type.utf8))
        crc.update(data)
        let value = crc.checksum
        return .replacing(
            chunk.data.lowerBound..<chunk.range.upperBound,
            with: data + [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    private static func chunkType(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) -> String {
        FourCharacterCode.text(try reader.rawUInt32(at: offset, bigEndian: true))
    }
}
