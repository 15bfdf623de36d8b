/// Reads a TIFF's size and orientation from its first full-resolution image directory: IFD0,
/// unless IFD0 is marked as a reduced-resolution copy, in which case the chain is followed
/// (with protection against directories that point back to one already read).
enum TIFFHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let structure = try TIFFStructure(&reader, base: 0, length: reader.count)
        let directory = try structure.firstFullSizeDirectory(&reader)
        guard let width = try structure.value(of: .imageWidth, in: directory, &reader) else {
            throw .malformed(.tiff, reason: "the image directory has no ImageWidth")
        }
        guard let height = try structure.value(of: .imageLength, in: directory, &reader) else {
            throw .malformed(.tiff, reason: "the image directory has no ImageLength")
        }
        return try HeaderFields(
            pixelWidth: dimension(width, field: "ImageWidth"), pixelHeight: dimension(height, field: "ImageLength"),
            orientation: structure.orientation(in: directory, &reader)
        ).validated(.tiff)
    }

    /// `value` as an `Int`; ``ImageInspector/Error/oversizedField(_:field:value:)`` where `Int` is
    /// 32 bits and the value is 2³¹ or more.
    private static func dimension(_ value: UInt32, field: String) throws(ImageInspector.Error) -> Int {
        guard let dimension = Int(exactly: value) else {
            throw .oversizedField(.tiff, field: field, value: UInt64(value))
        }
        return dimension
    }
}
