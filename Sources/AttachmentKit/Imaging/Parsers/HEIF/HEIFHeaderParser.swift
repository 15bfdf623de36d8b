/// Reads a HEIF, HEIC or AVIF file's size and orientation from the properties of its primary
/// item: `ispe` (the coded size), `clap` (a crop), `irot` (a turn) and `imir` (a mirror),
/// applied in the order the item's `ipma` entry lists them, as the HEIF specification says.
///
/// Only the `ftyp` box and the boxes of `meta` are read; the image data is never touched. Of
/// two `pitm`, `ipco` or `ispe` boxes (the format allows one), the first wins, as in libheif.
enum HEIFHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let format = reader.format
        let ftyp = try ISOBox(at: 0, parentEnd: reader.count, isTopLevel: true, &reader)
        let brands = try reader.prefix(min(ftyp.end, 4096)).withUnsafeBytes(HEIFBrands.init(ftypPrefix:))
        var offset = ftyp.end
        while offset < reader.count {
            let box = try ISOBox(at: offset, parentEnd: reader.count, isTopLevel: true, &reader)
            if box.type == "meta" {
                var fields = try primaryItemFields(inMeta: box, &reader)
                fields.isAnimated = brands.isImageSequence
                return try fields.validated(format)
            }
            offset = box.end
        }
        throw .malformed(format, reason: "there is no meta box")
    }

    /// The fields of the primary item described by the `meta` box.
    private static func primaryItemFields(
        inMeta meta: ISOBox, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> HeaderFields {
        let format = reader.format
        var primaryItem: Int?
        var firstProperties: [ISOBox]?
        var associations: [ISOBox] = []
        // `meta` is a full box: 4 bytes of version and flags before its children.
        for box in try ISOBox.children(from: meta.payload + 4, to: meta.end, &reader) {
            switch box.type {
            case "pitm" where primaryItem == nil:
                let version = try reader.uint8(at: box.payload)
                primaryItem =
                    version == 0
                    ? try reader.uint16(at: box.payload + 4, bigEndian: true)
                    : try reader.uint32(at: box.payload + 4, bigEndian: true)
            case "iprp":
                for child in try ISOBox.children(from: box.payload, to: box.end, &reader) {
                    if child.type == "ipco", firstProperties == nil {
                        firstProperties = try ISOBox.children(from: child.payload, to: child.end, &reader)
                    } else if child.type == "ipma" {
                        associations.append(child)
                    }
                }
            default:
                break
            }
        }
        guard let primaryItem else { throw .malformed(format, reason: "there is no primary item (pitm)") }
        var indices: [Int] = []
        for box in associations {
            indices += try ItemPropertyAssociations.propertyIndices(of: primaryItem, in: box, &reader)
        }
        let properties = firstProperties ?? []
        var transform = ItemTransform()
        for index in indices {
            guard index >= 1, index <= properties.count else {
                throw .malformed(
                    format, reason: "item \(primaryItem) refers to property \(index) of \(properties.count)")
            }
            try transform.apply(properties[index - 1], &reader)
        }
        guard let size = transform.size else {
            throw .malformed(format, reason: "the primary item \(primaryItem) has no size (ispe)")
        }
        return HeaderFields(
            pixelWidth: size.width, pixelHeight: size.height, orientation: transform.orientation.orientation)
    }
}

/// The size and orientation of an item, built up from its properties in order.
private struct ItemTransform {
    var size: (width: Int, height: Int)?
    var orientation = OrientationTransform()

    mutating func apply(_ property: ISOBox, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        switch property.type {
        case "ispe" where size == nil:
            // A full box: version and flags, then the width and height. The first one wins.
            size = (
                try reader.uint32(at: property.payload + 4, bigEndian: true),
                try reader.uint32(at: property.payload + 8, bigEndian: true)
            )
        case "irot":
            orientation.rotateAnticlockwise(quarterTurns: try reader.uint8(at: property.payload) & 0x03)
        case "imir":
            orientation.mirror(mode: try reader.uint8(at: property.payload))
        case "clap":
            try crop(property, &reader)
        default:
            break
        }
    }

    /// Applies a clean aperture: the size becomes the aperture's, in the stored frame.
    private mutating func crop(_ property: ISOBox, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        // Fixed-width: four 32-bit fields, rounded in 64 bits, where `Int` sums overflow on a
        // 32-bit `Int` (Apple Watch).
        var values: [UInt64] = []
        for index in 0..<4 {
            values.append(UInt64(try reader.rawUInt32(at: property.payload + 4 * index, bigEndian: true)))
        }
        guard values[1] > 0, values[3] > 0 else {
            throw .malformed(reader.format, reason: "the clean aperture has a zero denominator")
        }
        let width = try dimension((values[0] + values[1] / 2) / values[1], field: "clean aperture width", reader)
        let height = try dimension((values[2] + values[3] / 2) / values[3], field: "clean aperture height", reader)
        // The aperture is given in the frame the transforms so far produce.
        size = orientation.swapsWidthAndHeight ? (height, width) : (width, height)
    }

    /// A rounded aperture dimension as an `Int`, or an error where it doesn't fit in one.
    private func dimension(
        _ value: UInt64, field: String, _ reader: ByteReader
    ) throws(ImageInspector.Error) -> Int {
        guard let dimension = Int(exactly: value) else {
            throw .oversizedField(reader.format, field: field, value: value)
        }
        return dimension
    }
}
