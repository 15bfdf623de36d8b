import Foundation

extension RemotePart.MediaHeaderReader {
    /// The fields of the `moov` box and the personal metadata it holds, from its bytes alone.
    static func fields(
        _ movie: Data, _ format: ISOMediaHeader.Format, _ inspector: ISOMediaInspector
    ) throws(ISOMediaInspector.Error) -> (MovieFields, PersonalMetadata) {
        let result = movie.withUnsafeBytes { bytes in
            Result { () throws(ISOMediaInspector.Error) -> (MovieFields, PersonalMetadata) in
                var reader = ISOMediaParser.Reader(
                    bytes: bytes, format: format, limit: inspector.maximumByteCount,
                    readLimit: inspector.maximumReadCount)
                let box = try ISOBox(at: 0, parentEnd: bytes.count, isTopLevel: true, &reader)
                let fields = try MovieBoxWalker.walk(
                    box, maximumDepth: ISOMediaInspector.maximumNestingDepth, &reader)
                return (fields, PersonalMetadataScan.scan(movie: box, &reader))
            }
        }
        return try result.get()
    }
}

extension RemotePart.MediaHeaderReader.Session {
    /// Each track's end in a fragmented file (see ``FragmentTimeline``), with the requests and
    /// bytes the inspection has left, or `nil` (the duration is then unknown):
    ///
    /// - the first bytes hold the whole file: read there, no request;
    /// - otherwise one request for the file's last ``RemotePart/MediaHeaderReader/firstByteCount``
    ///   bytes: everything after `moov` when the file is that small, else the `mfra` index that
    ///   FFmpeg writes at the end, and the last fragments when they lie in those bytes;
    /// - when they lie before, one more request from the earliest track's last fragment to the
    ///   index, cut at the bytes the limit leaves (the media data past them is not needed).
    ///
    /// A file without `mfra` whose fragments don't fit in those bytes, or a request or a byte
    /// too many, leaves the duration unknown: the reader never walks a remote file's fragments.
    mutating func fragmentEnds(
        after moovEnd: Int, _ fields: MovieFields, first: RemotePart.MediaHeaderReader.Piece
    ) async -> [UInt32: UInt64]? {
        let inspector = reader.inspector
        if let ends = first.trackEnds(after: moovEnd, fields, inspector) { return ends }
        let tailCount = min(Int64(reader.firstByteCount), first.total - Int64(moovEnd), remaining)
        guard tailCount >= 16, requestCount < RemotePart.MediaHeaderReader.maximumRequestCount,
            let tail = try? await fetch(from: first.total - tailCount, count: tailCount)
        else { return nil }
        if let ends = tail.trackEnds(after: moovEnd, fields, inspector) { return ends }
        guard let index = tail.randomAccess(after: moovEnd, inspector), let last = index.lastFragments,
            Int64(last) < tail.offset, requestCount < RemotePart.MediaHeaderReader.maximumRequestCount, remaining > 0,
            let piece = try? await fetch(from: Int64(last), count: min(remaining, Int64(index.start - last)))
        else { return nil }
        return try? piece.read(inspector) { reader throws(ISOMediaInspector.Error) in
            try FragmentTimeline.trackEnds(from: 0, to: index.start - last, fromFirst: false, fields, &reader)
        }
    }
}

extension RemotePart.MediaHeaderReader.Piece {
    /// Each track's end, when the piece runs to the end of the file: read as a local file's.
    func trackEnds(
        after moovEnd: Int, _ fields: MovieFields, _ inspector: ISOMediaInspector
    ) -> [UInt32: UInt64]? {
        guard offset + Int64(bytes.count) == total, let base = Int(exactly: offset) else { return nil }
        return try? read(inspector) { reader in
            FragmentTimeline.trackEnds(after: moovEnd, base: base, fields, &reader)
        }
    }

    /// The `mfra` index the piece ends with, when it runs to the end of the file.
    func randomAccess(after moovEnd: Int, _ inspector: ISOMediaInspector) -> FragmentIndex.RandomAccess? {
        guard offset + Int64(bytes.count) == total, let base = Int(exactly: offset) else { return nil }
        return try? read(inspector) { reader throws(ISOMediaInspector.Error) in
            try FragmentIndex.randomAccess(endingAt: reader.count, base: base, movieEnd: moovEnd, &reader)
        }
    }
}
