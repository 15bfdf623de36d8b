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
        guard try reader.uint16(at: 0, bigEndian: true) == 0xFFD8 else {
            throw .malformed(.jpeg, reason: "it does not start with SOI")
        }
        var extendedXMP = ExtendedXMP()
        var offset = 2
        while true {
            guard try reader.uint8(at: offset) == 0xFF else {
                throw .malformed(.jpeg, reason: "byte \(offset) is not a marker")
            }
            let start = offset
            // Fill bytes (extra 0xFF) may precede a marker's code.
            while try reader.uint8(at: offset) == 0xFF { offset += 1 }
            let marker = try reader.uint8(at: offset)
            let segment = offset + 1
            switch marker {
            case 0xDA, 0xD9:
                try extendedXMP.plan(&reader, &plan)
                return
            case 0x01, 0xD0...0xD7:
                offset = segment
                continue
            case 0x00, 0xD8:
                throw .malformed(.jpeg, reason: "marker FF\(String(marker, radix: 16)) at byte \(start)")
            default:
                break
            }
            let length = try reader.uint16(at: segment, bigEndian: true)
            guard length >= 2 else {
                throw .malformed(.jpeg, reason: "the segment at byte \(start) has length \(length)")
            }
            guard length <= reader.count - segment else { throw .truncated(.jpeg, offset: reader.count) }
            let segmentRange = start..<segment + length
            let payload = segment + 2
            if marker == 0xE1 {
                if length >= 2 + 6 + 8, try reader.bytes(at: payload, equal: TIFFStructure.exifIdentifier) {
                    try TIFFMetadataEditor.plan(at: payload + 6, length: length - 8, &reader, &plan)
                } else if try reader.bytes(at: payload, equal: xmpIdentifier) {
                    let packetStart = payload + xmpIdentifier.count
                    let review = XMPPacketReview(
                        try reader.prefix(segmentRange.upperBound - packetStart, from: packetStart),
                        removing: plan.removing)
                    plan.note(review.found)
                    plan.add(
                        review.action == .remove
                            ? [.removal(segmentRange)] : review.blankingEdits(packetStart: packetStart),
                        removing: review.removed)
                } else if try reader.bytes(at: payload, equal: extendedXMPIdentifier) {
                    try extendedXMP.add(segmentRange, payload: payload + extendedXMPIdentifier.count, &reader)
                }
            } else if marker == 0xED, try reader.bytes(at: payload, equal: photoshopIdentifier) {
                plan.note(.iptc)
                if plan.removes(.iptc) { plan.add(.removal(segmentRange), removing: .iptc) }
            }
            offset = segmentRange.upperBound
        }
    }
}
