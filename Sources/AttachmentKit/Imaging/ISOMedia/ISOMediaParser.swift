/// Reads an ``ISOMediaHeader`` from a reader over an ISO media file: the top-level layout, the
/// `ftyp` brands, then the `moov` box.
enum ISOMediaParser {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// The header of the whole file the reader holds.
    static func parse(_ reader: inout Reader, maximumDepth: Int) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        let layout = try TopLevelLayout.walk(&reader, fileSize: reader.count)
        guard let movie = layout.movie else { throw .malformed(reader.format, reason: "there is no moov box") }
        let brands = try self.brands(layout.fileType, &reader)
        let fields = try MovieBoxWalker.walk(movie, maximumDepth: maximumDepth, &reader)
        return try header(brands: brands, fields: fields, isFastStart: !layout.mediaDataFirst, reader.format)
    }

    /// The brands of `ftyp` (major first), or none for a file without `ftyp`.
    static func brands(_ fileType: ISOBox?, _ reader: inout Reader) throws(ISOMediaInspector.Error) -> [String] {
        guard let fileType else { return [] }
        // The brands of a box over 4 KiB past the first 4 KiB are not read: no sniffer needs them.
        let bytes = try reader.prefix(min(fileType.end - fileType.offset, 4096), from: fileType.offset)
        return bytes.withUnsafeBytes(HEIFBrands.init(ftypPrefix:)).all
    }

    /// The header the fields of `moov` describe.
    static func header(
        brands: [String], fields: MovieFields, isFastStart: Bool, _ format: ISOMediaHeader.Format
    ) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        ISOMediaHeader(
            format: format, majorBrand: brands.first ?? "", compatibleBrands: Array(brands.dropFirst()),
            duration: fields.movieDuration, tracks: try fields.reportedTracks(format), isFastStart: isFastStart,
            isFragmented: fields.isFragmented)
    }
}
