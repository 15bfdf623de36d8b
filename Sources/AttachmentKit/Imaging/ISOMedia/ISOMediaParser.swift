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
        let ends = fields.isFragmented ? FragmentTimeline.trackEnds(after: movie.end, base: 0, fields, &reader) : nil
        // A fragmented file's top level is moof/mdat pairs to its end: its metadata is read up to
        // the end of moov, so that the inspection stays a few reads (the stripper walks it all).
        let metadataEnd = fields.isFragmented ? movie.end : reader.count
        let metadata = PersonalMetadataScan.scan(&reader, topLevelEnd: metadataEnd)
        return try header(
            brands: brands, fields: fields, fragmentEnds: ends, isFastStart: !layout.mediaDataFirst, reader.format,
            personalMetadata: metadata)
    }

    /// The brands of `ftyp` (major first), or none for a file without `ftyp`.
    static func brands(_ fileType: ISOBox?, _ reader: inout Reader) throws(ISOMediaInspector.Error) -> [String] {
        guard let fileType else { return [] }
        // The brands of a box over 4 KiB past the first 4 KiB are not read: no sniffer needs them.
        let bytes = try reader.prefix(min(fileType.end - fileType.offset, 4096), from: fileType.offset)
        return bytes.withUnsafeBytes(HEIFBrands.init(ftypPrefix:)).all
    }

    /// The header the fields of `moov` describe, with each track's end read from its fragments
    /// (``FragmentTimeline``) for a fragmented movie.
    static func header(
        brands: [String], fields: MovieFields, fragmentEnds: [UInt32: UInt64]?, isFastStart: Bool,
        _ format: ISOMediaHeader.Format, personalMetadata: PersonalMetadata = []
    ) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        ISOMediaHeader(
            format: format, majorBrand: brands.first ?? "", compatibleBrands: Array(brands.dropFirst()),
            duration: fields.movieDuration(fragmentEnds: fragmentEnds),
            tracks: try fields.reportedTracks(format, fragmentEnds: fragmentEnds), isFastStart: isFastStart,
            isFragmented: fields.isFragmented, personalMetadata: personalMetadata)
    }
}
