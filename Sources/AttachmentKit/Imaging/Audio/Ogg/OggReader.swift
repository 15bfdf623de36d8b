/// Reads an Ogg file's streams page by page and times them.
///
/// A file of at most half the byte budget is walked whole: every page, each checked against
/// its CRC-32, so chained streams are all counted. A larger one is read at both ends: its pages
/// from the start up to ``headByteCount`` (the codec headers), then, from a page found by its
/// capture pattern and CRC within the last ``tailByteCount`` bytes, the pages to the end (the
/// last granule position). When the end belongs to a stream the start did not introduce (a
/// link of a chained file lies in the middle), the duration is `nil`.
enum OggReader {
    /// The bytes of a large file read at its start.
    static let headByteCount = 64 * 1024
    /// The bytes of a large file read at its end.
    static let tailByteCount = 64 * 1024

    /// The header of the Ogg file the reader holds.
    static func read(_ reader: inout AudioByteReader) throws(AudioInspector.Error) -> AudioHeader {
        var collector = OggStreamCollector()
        if reader.count <= reader.limit / 2 {
            try walk(&reader, from: 0, upTo: reader.count, into: &collector, resynchronized: false)
        } else {
            let headEnd = try walk(
                &reader, from: 0, upTo: min(reader.count, headByteCount), into: &collector, resynchronized: false)
            try readTail(&reader, from: max(headEnd, reader.count - tailByteCount), into: &collector)
        }
        return try collector.header(byteCount: reader.inspectedByteCount)
    }

    /// Takes the pages from `start` into `collector` while they start before `end` (a page that
    /// starts there may run past it); returns where the next page starts. With `stoppingAtCut`,
    /// a page that runs past the input's end ends the walk (the input is the first bytes of a
    /// remote file). Each page costs at least one read, so the read budget bounds the walk.
    @discardableResult
    static func walk(
        _ reader: inout AudioByteReader, from start: Int, upTo end: Int, into collector: inout OggStreamCollector,
        resynchronized: Bool, stoppingAtCut: Bool = false
    ) throws(AudioInspector.Error) -> Int {
        var offset = start
        while offset < end {
            let page: OggPage
            do {
                page = try OggPage(at: offset, &reader)
            } catch .truncated where stoppingAtCut {
                return offset
            }
            try collector.add(page, resynchronized: resynchronized)
            offset += page.length
        }
        return offset
    }

    /// Takes the pages from the first whole, valid page at or after `start` to the end of the
    /// input, as pages found by resynchronising.
    static func readTail(
        _ reader: inout AudioByteReader, from start: Int, into collector: inout OggStreamCollector
    ) throws(AudioInspector.Error) {
        guard let first = try firstPage(&reader, from: start) else {
            throw .malformed(.ogg, reason: "no whole Ogg page in the last \(reader.count - start) bytes")
        }
        try walk(&reader, from: first, upTo: reader.count, into: &collector, resynchronized: true)
    }

    /// The offset of the first page at or after `start` whose capture pattern, length and CRC-32
    /// hold, or `nil` when there is none.
    private static func firstPage(
        _ reader: inout AudioByteReader, from start: Int
    ) throws(AudioInspector.Error) -> Int? {
        let bytes = try reader.prefix(reader.count - start, from: start)
        let pattern = OggPage.capturePattern
        var index = 0
        while index + pattern.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern else { continue }
            do {
                _ = try OggPage(at: start + index, &reader)
                return start + index
            } catch .malformed, .truncated, .checksumMismatch {
                continue
            }
        }
        return nil
    }
}
