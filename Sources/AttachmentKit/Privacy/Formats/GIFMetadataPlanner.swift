/// Plans the stripping of a GIF: walks every block to the trailer and removes the XMP
/// application extension (`XMP DataXMP`), the one place a GIF keeps personal metadata. Frames,
/// their control extensions, the looping extension and comments are copied byte for byte.
///
/// The XMP extension stores its packet as sub-blocks followed by a 258-byte "magic trailer"; it
/// is removed whole (XMP inside a GIF is not edited in place) when the policy removes XMP or what
/// XMP holds.
enum GIFMetadataPlanner {
    private static let xmpApplication = Array("XMP DataXMP".utf8)

    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        let screenFlags = try reader.uint8(at: 10)
        var offset = 13 + GIFHeaderParser.colorTableLength(flags: screenFlags)
        while true {
            let start = offset
            switch try reader.uint8(at: offset) {
            case 0x21:
                let label = try reader.uint8(at: offset + 1)
                let blockSize = try reader.uint8(at: offset + 2)
                var isXMP = label == 0xFF && blockSize == 11
                if isXMP { isXMP = try reader.bytes(at: offset + 3, equal: xmpApplication) }
                offset = try GIFHeaderParser.skipSubBlocks(from: offset + 2, &reader)
                if isXMP {
                    let review = XMPPacketReview(unreadRemoving: plan.removing)
                    plan.note(review.found)
                    if review.action == .remove { plan.add(.removal(start..<offset), removing: review.removed) }
                }
            case 0x2C:
                let flags = try reader.uint8(at: offset + 9)
                // Descriptor, local color table, LZW minimum code size, then the data sub-blocks.
                offset = try GIFHeaderParser.skipSubBlocks(
                    from: offset + 10 + GIFHeaderParser.colorTableLength(flags: flags) + 1, &reader)
            case 0x3B:
                return
            case let other:
                throw .malformed(.gif, reason: "unknown block \(other) at byte \(offset)")
            }
        }
    }
}
