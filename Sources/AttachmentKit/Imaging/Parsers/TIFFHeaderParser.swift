/// Reads a TIFF's size and orientation from its first full-resolution image directory: IFD0,
/// unless IFD0 is marked as a reduced-resolution copy, in which case the chain is followed
/// (with protection against directories that point back to one already read).
enum TIFFHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspectionError) -> HeaderFields {
        let structure = try TIFFStructure(&reader, base: 0, length: reader.count)
        let directory = try structure.firstFullResolutionDirectory(&reader)
        guard let width = try structure.value(of: .imageWidth, in: directory, &reader) else {
            throw .malformed(.tiff, reason: "the image directory has no ImageWidth")
        }
        guard let height = try structure.value(of: .imageLength, in: directory, &reader) else {
            throw .malformed(.tiff, reason: "the image directory has no ImageLength")
        }
        return try HeaderFields(
            pixelWidth: width, pixelHeight: height, orientation: structure.orientation(in: directory, &reader)
        ).validated(.tiff)
    }
}
