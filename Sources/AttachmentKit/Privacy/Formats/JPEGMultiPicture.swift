/// A JPEG's MPF index (`APP2` `MPF\0`, CIPA DC-007): the images stored after the primary one (an
/// iPhone's or Android's HDR gain map, a depth map), each at an offset from the index's own TIFF
/// header, which lies in the primary image's segments.
///
/// Removing a segment that follows the index would move every secondary image closer to it: their
/// offsets are rewritten, smaller by the bytes removed after the index. The secondary images are
/// walked too, and edited in place only (``JPEGMetadataPlanner/walk(at:inPlace:_:_:)``), so that
/// their sizes, and the offsets of those after them, stay right.
struct JPEGMultiPicture {
    static let identifier = Array("MPF\0".utf8)
    /// The `MPEntry` tag of the MP Index IFD: 16 bytes per image.
    private static let entryTag = 0xB002

    /// One secondary image: its size, its offset from the index's header, and where that offset
    /// is written.
    struct Image {
        /// Fixed-width, as read: each is converted to `Int` when its image is planned.
        let size: UInt32
        let offset: UInt32
        let offsetField: Int
    }

    /// The absolute offset of the index's TIFF header, from which offsets count.
    let header: Int
    let isBigEndian: Bool
    let images: [Image]

    /// Reads the index whose TIFF structure is at `header`, `length` bytes long.
    init(header: Int, length: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        self.header = header
        let structure = try TIFFStructure(&reader, base: header, length: length)
        isBigEndian = structure.isBigEndian
        let directory = try structure.directory(at: structure.firstDirectoryOffset, &reader)
        var images: [Image] = []
        if let entry = try structure.entries(in: directory, &reader).first(where: { $0.tag == Self.entryTag }),
            let value = try structure.outOfLineValue(of: entry, &reader)
        {
            for start in stride(from: value.lowerBound, to: value.upperBound - 15, by: 16) {
                let size = try reader.rawUInt32(at: start + 4, bigEndian: isBigEndian)
                let offset = try reader.rawUInt32(at: start + 8, bigEndian: isBigEndian)
                // The primary image's entry has offset 0: it is the file itself.
                if offset != 0 { images.append(Image(size: size, offset: offset, offsetField: start + 8)) }
            }
        }
        self.images = images
    }

    /// Plans the secondary images' in-place edits, and their offsets' rewriting when the
    /// primary image's edits (already planned) change its length after the index.
    func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        let removed = plan.edits.filter { $0.range.lowerBound >= header }.reduce(0) {
            $0 + $1.range.count - $1.replacementCount
        }
        for image in images {
            guard let offset = Int(exactly: image.offset), let size = Int(exactly: image.size) else {
                throw .oversizedField(.jpeg, field: "MPF image offset", value: UInt64(image.offset))
            }
            let start = try reader.end(of: header, length: offset, field: "MPF image offset")
            let end = try reader.end(of: start, length: size, field: "MPF image size")
            guard end <= reader.count else {
                throw .malformed(.jpeg, reason: "the MPF image at byte \(start) runs past the end of the file")
            }
            _ = try JPEGMetadataPlanner.walk(at: start, inPlace: true, &reader, &plan)
            guard removed != 0 else { continue }
            let moved = offset - removed
            let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: moved >> $0) }
            plan.add(
                .replacing(image.offsetField..<image.offsetField + 4, with: isBigEndian ? bytes : bytes.reversed()),
                removing: [])
        }
    }
}
