/// Where an ISO media file's top-level boxes are, as far as the `moov` box: found by following
/// the box sizes from byte 0, reading only each box's header (so a 2 GB `mdat` costs one read).
struct TopLevelLayout {
    /// The `ftyp` box, when the file starts with one.
    var fileType: ISOBox?
    /// The first `moov` box; the walk stops there.
    var movie: ISOBox?
    /// Whether an `mdat` box comes before `moov` (the file is not fast start).
    var mediaDataFirst = false
    /// Where the walk stopped because the bytes at hand ended before the file did: the offset of
    /// the next top-level box header, which a remote reader fetches next.
    var resumeOffset: Int?

    /// Walks the top-level boxes of a file of `fileSize` bytes of which the reader holds the first
    /// `reader.count` (all of them, for a local file).
    ///
    /// Each step reads one header and moves forward by at least 8 bytes, so the reader's read
    /// budget bounds the walk; a box that runs past `fileSize` is
    /// ``ISOMediaInspector/Error/truncated(_:offset:)``, a size of 0 runs to `fileSize`.
    static func walk(
        _ reader: inout BoundedByteReader<ISOMediaInspector.Error>, fileSize: Int, from start: Int = 0
    ) throws(ISOMediaInspector.Error) -> TopLevelLayout {
        var layout = TopLevelLayout()
        var offset = start
        // Fewer than 8 bytes after the last box are trailing padding, not a box.
        while fileSize - offset >= 8 {
            guard reader.count - offset >= 16 || reader.count == fileSize else {
                layout.resumeOffset = offset
                return layout
            }
            let box = try ISOBox(at: offset, parentEnd: fileSize, isTopLevel: true, &reader)
            switch box.type {
            case "ftyp" where offset == 0: layout.fileType = box
            case "moov":
                layout.movie = box
                return layout
            case "mdat": layout.mediaDataFirst = true
            default: break
            }
            offset = box.end
        }
        return layout
    }
}
