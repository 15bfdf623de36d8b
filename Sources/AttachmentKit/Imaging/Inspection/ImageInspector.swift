import Foundation

/// Reads an image's header — format, pixel size, orientation, progressive and animated flags —
/// without decoding it, from data in memory or from a file of which it reads only the few
/// kilobytes the header needs.
///
/// ```swift
/// let header = try ImageInspector().inspect(fileAt: photoURL)
/// cell.aspectRatio = header.displayedSize.width / header.displayedSize.height
/// ```
///
/// The format comes from the magic bytes, never from a name or a declared type. Every read is
/// bounds-checked; bad input gets an ``ImageInspector/Error``, never a crash. A file is read in
/// small pieces with `pread`, jumping over what the header does not need (a large Exif
/// thumbnail, a colour profile, image data, other frames) without reading it, and never more
/// than ``maximumByteCount`` bytes in all.
public struct ImageInspector: Sendable, Equatable {
    /// The default for ``maximumByteCount``: 1 MiB.
    @usableFromInline package static let defaultMaximumByteCount = 1 << 20

    /// The default for ``maximumReadCount``: 16,384.
    @usableFromInline package static let defaultMaximumReadCount = 1 << 14

    /// The most bytes an inspection may examine, and read from a file, before it gives up with
    /// ``ImageInspector/Error/readLimitExceeded(_:limit:)``.
    ///
    /// The count is of the bytes the parsers need: they jump over segments, chunks and boxes by
    /// their lengths, and a jump costs nothing but the next header. A file is read in pieces
    /// around those bytes (8 KiB first, 256 bytes after a jump, more when the parser reads on),
    /// so a 20 MB JPEG whose frame header follows a 60 KB Exif thumbnail costs two reads, and
    /// an animated WebP whose `EXIF` chunk follows 150 frames costs about 150 small reads. The
    /// bytes read from disk, read-ahead included, stay within this limit too.
    public var maximumByteCount: Int

    /// The most reads of a field an inspection may make before it gives up with
    /// ``ImageInspector/Error/readCountExceeded(_:limit:)``.
    ///
    /// A header needs a few dozen reads, an animated WebP walked to its `EXIF` chunk two per
    /// frame. Because every parser step makes at least one read, this bounds the work any input
    /// can cause, such as a file of 100,000 empty chunks that costs few bytes each.
    public var maximumReadCount: Int

    /// Creates an inspector that reads at most `maximumByteCount` bytes, in at most
    /// `maximumReadCount` reads, per image.
    public init(
        maximumByteCount: Int = ImageInspector.defaultMaximumByteCount,
        maximumReadCount: Int = ImageInspector.defaultMaximumReadCount
    ) {
        self.maximumByteCount = maximumByteCount
        self.maximumReadCount = maximumReadCount
    }

    /// Reads the header of an image held in memory.
    ///
    /// - Throws: ``ImageInspector/Error``: ``ImageInspector/Error/empty`` for no bytes,
    ///   ``ImageInspector/Error/notAnImage(_:)`` for content of no image format, or the
    ///   parser's error for a truncated, oversized, looping or malformed header.
    public func inspect(_ data: Data) throws(ImageInspector.Error) -> ImageHeader {
        guard !data.isEmpty else { throw .empty }
        let (limit, readLimit) = (maximumByteCount, maximumReadCount)
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageInspector.Error) -> ImageHeader in
                try ImageHeaderParsing.header(of: bytes, limit: limit, readLimit: readLimit)
            }
        }
        return try result.get()
    }

    /// Reads the header of the image in a file, reading only the bytes the header needs (and a
    /// little around them, at most ``maximumByteCount``), never the whole file.
    ///
    /// - Throws: ``ImageInspector/Error``: as ``inspect(_:)-(Data)``, plus
    ///   ``ImageInspector/Error/notAFileURL(_:)`` and ``ImageInspector/Error/unreadable(_:reason:)``.
    public func inspect(fileAt url: URL) throws(ImageInspector.Error) -> ImageHeader {
        try inspect(fileAt: url, chunkSize: FileChunkLoader.defaultChunkSize)
    }

    /// Reads the header of the image in a file in reads of at most `chunkSize` bytes, unless
    /// a field needs more (small chunks let tests and the fuzzer exercise reads that span them).
    func inspect(fileAt url: URL, chunkSize: Int) throws(ImageInspector.Error) -> ImageHeader {
        let file = try FileChunkLoader(url: url, limit: maximumByteCount, chunkSize: chunkSize)
        guard file.count > 0 else { throw .empty }
        let firstChunk = try file.load(
            at: 0, minimumCount: min(file.count, FormatSniffer.examinedPrefixLength), format: nil)
        let format = try ImageHeaderParsing.format(of: firstChunk)
        var reader = ByteReader(file: file, format: format, readLimit: maximumReadCount)
        return try ImageHeaderParsing.header(&reader)
    }

    /// Reads the header of a part's content: inline data, or a file read as
    /// ``inspect(fileAt:)`` does.
    ///
    /// - Throws: ``ImageInspector/Error``, as ``inspect(_:)-(Data)`` and ``inspect(fileAt:)``.
    public func inspect(_ content: PartContent) throws(ImageInspector.Error) -> ImageHeader {
        switch content {
        case .data(let data): try inspect(data)
        case .file(let url): try inspect(fileAt: url)
        }
    }
}
