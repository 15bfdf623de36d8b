import Foundation

/// Reads an ISO base media file's header (MP4, MOV, M4A, 3GP): brands, the movie's duration,
/// each track's kind, duration and codec, the video's displayed size and rotation, and whether it
/// is fast start, without decoding a sample and without reading the media data.
///
/// ```swift
/// let header = try ISOMediaInspector().inspect(fileAt: videoURL)
/// if let size = header.displayedSize { cell.aspectRatio = size.width / size.height }
/// label.text = header.duration.map { "\($0.seconds) s" }
/// ```
///
/// The boxes are walked iteratively, each bounded by its parent, no deeper than
/// 16 levels; box sizes of 0 (to the end of the file) and 1 (a 64-bit size, which
/// must be at least 16 and within what remains) follow ISO/IEC 14496-12. Nothing is allocated
/// from a count in the file. Like ``ImageInspector``, it has a byte and a read budget, reads a
/// file in small pieces with `pread` (jumping over `mdat` by its size, so a `moov` at the end
/// costs one more small read), and reports bad input with an ``ISOMediaInspector/Error``, never
/// a crash or a loop. A fragmented file's duration is read from its last fragments (see
/// "Fragmented files" in <doc:InspectingVideos> for what that costs).
public struct ISOMediaInspector: Sendable, Equatable {
    /// The default for ``maximumByteCount``: 1 MiB.
    @usableFromInline package static let defaultMaximumByteCount = 1 << 20

    /// The default for ``maximumReadCount``: 16,384.
    @usableFromInline package static let defaultMaximumReadCount = 1 << 14

    /// The deepest nesting of boxes walked: `moov` › `trak` › `mdia` › `minf` › `stbl` is 5 deep.
    package static let maximumNestingDepth = 16

    /// The most bytes an inspection may examine (and read from a file) before it gives up with
    /// ``ISOMediaInspector/Error/readLimitExceeded(_:limit:)``. Box contents that are not
    /// reported (sample tables, media data) are jumped over and cost nothing.
    public var maximumByteCount: Int

    /// The most reads an inspection may make before it gives up with
    /// ``ISOMediaInspector/Error/readCountExceeded(_:limit:)``. Each box costs at least one,
    /// so this bounds the work of a file of millions of tiny boxes.
    public var maximumReadCount: Int

    /// Creates an inspector that reads at most `maximumByteCount` bytes, in at most
    /// `maximumReadCount` reads, per file.
    public init(
        maximumByteCount: Int = ISOMediaInspector.defaultMaximumByteCount,
        maximumReadCount: Int = ISOMediaInspector.defaultMaximumReadCount
    ) {
        self.maximumByteCount = maximumByteCount
        self.maximumReadCount = maximumReadCount
    }

    /// Reads the header of an ISO media file held in memory.
    ///
    /// - Throws: ``ISOMediaInspector/Error``: ``ISOMediaInspector/Error/empty`` for no bytes,
    ///   ``ISOMediaInspector/Error/notISOMedia(_:)`` for content of another type, or the
    ///   error of a truncated, oversized, too deep or malformed box.
    public func inspect(_ data: Data) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        guard !data.isEmpty else { throw .empty }
        let (limit, readLimit) = (maximumByteCount, maximumReadCount)
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ISOMediaInspector.Error) -> ISOMediaHeader in
                var reader = ISOMediaParser.Reader(
                    bytes: bytes, format: try Self.format(of: bytes), limit: limit, readLimit: readLimit)
                return try ISOMediaParser.parse(&reader, maximumDepth: Self.maximumNestingDepth)
                    .reading(reader.inspectedByteCount)
            }
        }
        return try result.get()
    }

    /// Reads the header of the ISO media file at `url`, reading only the box headers on the way
    /// to `moov` and the fields of `moov` (at most ``maximumByteCount`` bytes), never the media.
    ///
    /// - Throws: ``ISOMediaInspector/Error``: as ``inspect(_:)-(Data)``, plus
    ///   ``ISOMediaInspector/Error/notAFileURL(_:)`` and ``ISOMediaInspector/Error/unreadable(_:reason:)``.
    public func inspect(fileAt url: URL) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        try inspect(fileAt: url, chunkSize: FileChunkLoader.defaultChunkSize)
    }

    /// Reads the file in reads of at most `chunkSize` bytes unless a field needs more (small
    /// chunks let tests and the fuzzer make reads span pieces).
    func inspect(fileAt url: URL, chunkSize: Int) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        let file = try FileChunkLoader(
            url: url, limit: maximumByteCount, chunkSize: chunkSize, failure: ISOMediaInspector.Error.self)
        guard file.count > 0 else { throw .empty }
        let first = try file.load(
            at: 0, minimumCount: min(file.count, FormatSniffer.examinedPrefixLength), subject: nil,
            failure: ISOMediaInspector.Error.self)
        var reader = ISOMediaParser.Reader(file: file, format: try Self.format(of: first), readLimit: maximumReadCount)
        return try ISOMediaParser.parse(&reader, maximumDepth: Self.maximumNestingDepth)
            .reading(reader.inspectedByteCount)
    }

    /// Reads the header of a part's content: inline data, or a file read as
    /// ``inspect(fileAt:)`` does.
    ///
    /// - Throws: ``ISOMediaInspector/Error``, as ``inspect(_:)-(Data)`` and ``inspect(fileAt:)``.
    public func inspect(_ content: PartContent) throws(ISOMediaInspector.Error) -> ISOMediaHeader {
        switch content {
        case .data(let data): try inspect(data)
        case .file(let url): try inspect(fileAt: url)
        }
    }

    /// The ISO media format the first bytes name, or what they are instead.
    static func format(of prefix: UnsafeRawBufferPointer) throws(ISOMediaInspector.Error) -> ISOMediaHeader.Format {
        let type = FileType(sniffing: prefix)
        guard case .isoMedia(let format) = type else { throw .notISOMedia(type) }
        return format
    }
}
