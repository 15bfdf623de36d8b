/// Plans the stripping of a JPEG: walks its segments from SOI to the first scan (SOS), each one
/// by its length, and edits the metadata segments:
///
/// - `APP1` Exif: personal tags removed in place (``TIFFMetadataEditor``), the segment kept.
/// - `APP1` XMP and extended XMP: removed whole, or their personal properties blanked in place.
/// - `APP13` Photoshop (IPTC): removed whole.
///
/// Everything else — JFIF, the ICC profile (`APP2`), Adobe's colour transform (`APP14`), the
/// tables, the frame header, the scans and whatever follows them — is copied byte for byte.
/// Segments are removed only before the first scan, where an MPF index (`APP2`) measures its
/// secondary images' offsets from its own header, which follows them: their offsets stay right.
enum JPEGMetadataPlanner {
    static let xmpIdentifier = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMPIdentifier = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    static let photoshopIdentifier = Array("Photoshop 3.0\0".utf8)

    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        let index = try walk(at: 0, inPlace: false, &reader, &plan)
        try index?.plan(&reader, &plan)
    }

    /// Plans the edits of the image whose SOI is at `start`, up to its first scan, and returns
    /// its MPF index, if it has one. `inPlace` (an MPF secondary image, whose offset and size the
    /// index gives) keeps every segment's length: XMP is blanked, never removed.
    static func walk(
        at start: Int, inPlace: Bool, _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) -> JPEGMultiPicture? {
        guard try reader.uint16(at: start, bigEndian: true) == 0xFFD8 else {
            throw .malformed(.jpeg, reason: "the image at byte \(start) does not start with SOI")
        }
        var extendedXMP = ExtendedXMP(inPlace: inPlace)
        var index: JPEGMultiPicture?
        var offset = start + 2
        while true {
            guard try reader.uint8(at: offset) == 0xFF else {
                throw .malformed(.jpeg, reason: "byte \(offset) is not a marker")
            }
            let segmentStart = offset
            // Fill bytes (extra 0xFF) may precede a marker's code.
            while try reader.uint8(at: offset) == 0xFF { offset += 1 }
            let marker = try reader.uint8(at: offset)
            let segment = offset + 1
            switch marker {
            case 0xDA, 0xD9:
                try extendedXMP.plan(&reader, &plan)
                return index
            case 0x01, 0xD0...0xD7:
                offset = segment
                continue
            case 0x00, 0xD8:
                throw .malformed(.jpeg, reason: "marker FF\(String(marker, radix: 16)) at byte \(segmentStart)")
            default:
                break
            }
            let length = try reader.uint16(at: segment, bigEndian: true)
            guard length >= 2 else {
                throw .malformed(.jpeg, reason: "the segment at byte \(segmentStart) has length \(length)")
            }
            guard length <= reader.count - segment else { throw .truncated(.jpeg, offset: reader.count) }
            let segmentRange = segmentStart..<segment + length
            let payload = segment + 2
            if marker == 0xE1 {
                if length >= 2 + 6 + 8, try reader.bytes(at: payload, equal: TIFFStructure.exifIdentifier) {
                    try TIFFMetadataEditor.plan(at: payload + 6, length: length - 8, &reader, &plan)
                } else if try reader.bytes(at: payload, equal: xmpIdentifier) {
                    try xmp(segmentRange, packet: payload + xmpIdentifier.count, inPlace: inPlace, &reader, &plan)
                } else if try reader.bytes(at: payload, equal: extendedXMPIdentifier) {
                    try extendedXMP.add(segmentRange, payload: payload + extendedXMPIdentifier.count, &reader)
                }
            } else if marker == 0xED, try reader.bytes(at: payload, equal: photoshopIdentifier) {
                plan.note(.iptc)
                if plan.removes(.iptc) {
                    plan.add(
                        inPlace ? .zeroing(payload..<segmentRange.upperBound) : .removal(segmentRange), removing: .iptc)
                }
            } else if marker == 0xE2, !inPlace, index == nil,
                try reader.bytes(at: payload, equal: JPEGMultiPicture.identifier)
            {
                index = try JPEGMultiPicture(header: payload + 4, length: length - 6, &reader)
            }
            offset = segmentRange.upperBound
        }
    }

    /// An XMP segment: removed whole, or its personal properties blanked; `inPlace`, blanked
    /// (with the whole packet when it can't be read).
    private static func xmp(
        _ segment: Range<Int>, packet start: Int, inPlace: Bool, _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) {
        let removing = inPlace ? plan.removing.subtracting(.xmp) : plan.removing
        let review = XMPPacketReview(try reader.prefix(segment.upperBound - start, from: start), removing: removing)
        plan.note(review.found)
        let packet = start..<segment.upperBound
        let whole: ByteEdit = inPlace ? .replacing(packet, with: XMPPacketReview.spaces(packet)) : .removal(segment)
        plan.add(
            review.action == .remove ? [whole] : review.blankingEdits(packetStart: start), removing: review.removed)
    }
}
