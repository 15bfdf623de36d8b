/// Plans the stripping of a WebP: walks the RIFF chunks and edits the metadata ones:
///
/// - `EXIF`: personal tags removed in place (``TIFFMetadataEditor``; the chunk keeps its size).
/// - `XMP `: removed whole (the RIFF size made smaller, the `VP8X` XMP flag cleared), or its
///   personal properties blanked in place.
///
/// The image chunks (`VP8 `, `VP8L`, `ALPH`, `ANIM`, `ANMF`), `ICCP` and the rest are copied byte
/// for byte. The RIFF size must not claim more than the file holds.
enum WebPMetadataPlanner {
    /// The `VP8X` flag that announces an `XMP ` chunk.
    private static let xmpFlag = 0x04

    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        let riffSize = try reader.uint32(at: 4, bigEndian: false)
        let riffEnd = try reader.end(of: 8, length: riffSize, field: "RIFF size")
        guard riffEnd <= reader.count else {
            throw .malformed(
                .webp, reason: "the RIFF size \(riffSize) claims more than the file's \(reader.count) bytes")
        }
        var removedBytes = 0
        var keepsXMP = false
        var extendedHeader: Int?
        var offset = 12
        while offset <= riffEnd - 8 {
            let code = FourCharacterCode.text(try reader.rawUInt32(at: offset, bigEndian: true))
            let size = try reader.uint32(at: offset + 4, bigEndian: false)
            guard size <= riffEnd - offset - 8 else {
                throw .oversizedField(.webp, field: "\"\(code)\" chunk size", value: UInt64(size))
            }
            // Chunks are padded to an even length, unless the payload ends the RIFF data.
            // apple-compat: allow int32-trap (size <= riffEnd - offset - 8, checked above)
            let payloadEnd = offset + 8 + size
            // apple-compat: allow int32-trap (payloadEnd < riffEnd here, so + 1 fits)
            let end = payloadEnd == riffEnd ? riffEnd : payloadEnd + size % 2
            switch code {
            case "VP8X" where offset == 12 && size >= 10:
                extendedHeader = offset + 8
            case "EXIF":
                var base = offset + 8
                if size >= 6, try reader.bytes(at: base, equal: TIFFStructure.exifIdentifier) { base += 6 }
                try TIFFMetadataEditor.plan(at: base, length: payloadEnd - base, &reader, &plan)
            case "XMP ":
                let review =
                    size <= TIFFMetadataEditor.maximumPacketSize
                    ? XMPPacketReview(try reader.prefix(size, from: offset + 8), removing: plan.removing)
                    : XMPPacketReview(unreadRemoving: plan.removing)
                plan.note(review.found)
                if review.action == .remove {
                    plan.add(.removal(offset..<end), removing: review.removed)
                    removedBytes += end - offset
                } else {
                    keepsXMP = true
                    plan.add(review.blankingEdits(packetStart: offset + 8), removing: review.removed)
                }
            default:
                break
            }
            offset = end
        }
        guard removedBytes > 0 else { return }
        let newSize = riffSize - removedBytes
        plan.add(
            .replacing(4..<8, with: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: newSize >> $0) }), removing: [])
        if let extendedHeader, !keepsXMP {
            let flags = try reader.uint8(at: extendedHeader)
            plan.add(.replacing(extendedHeader..<extendedHeader + 1, with: [UInt8(flags & ~xmpFlag)]), removing: [])
        }
    }
}
