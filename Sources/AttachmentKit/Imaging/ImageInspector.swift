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
/// bounds-checked; bad input gets an ``ImageInspectionError``, never a crash. A file is read in
/// chunks with `FileHandle`, skipping what the header does not need (a large Exif thumbnail, a
/// colour profile, image data), and never more than ``maximumByteCount`` bytes in all.
public struct ImageInspector: Sendable, Hashable {
    /// The default for ``maximumByteCount``: 1 MiB.
    public static let defaultMaximumByteCount = 1 << 20

    /// The most bytes an inspection may read from a file, or examine in memory, before it
    /// gives up with ``ImageInspectionError/readLimitExceeded(_:limit:)``.
    ///
    /// Headers need a few kilobytes: the parsers jump over segments, chunks and boxes by their
    /// lengths instead of reading them, so a 20 MB JPEG whose frame header follows a 60 KB Exif
    /// thumbnail costs two 8 KiB reads. The limit bounds the pathological cases (thousands of
    /// segments before the frame header) and, because every parser step examines at least one
    /// byte, bounds the work any input can cause.
    public var maximumByteCount: Int

    /// Creates an inspector that reads at most `maximumByteCount` bytes per image.
    public init(maximumByteCount: Int = ImageInspector.defaultMaximumByteCount) {
        self.maximumByteCount = maximumByteCount
    }

    /// Reads the header of an image held in memory.
    ///
    /// - Throws: ``ImageInspectionError``: ``ImageInspectionError/empty`` for no bytes,
    ///   ``ImageInspectionError/notAnImage(_:)`` for content of no image format, or the
    ///   parser's error for a truncated, oversized, looping or malformed header.
    public func inspect(_ data: Data) throws(ImageInspectionError) -> ImageHeader {
        guard !data.isEmpty else { throw .empty }
        let limit = maximumByteCount
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageInspectionError) -> ImageHeader in
                var reader = ByteReader(bytes: bytes, format: try Self.format(of: bytes), limit: limit)
                return try Self.header(&reader)
            }
        }
        return try result.get()
    }

    /// Reads the header of the image in a file, reading only as many bytes as the header needs
    /// (in chunks of 8 KiB, at most ``maximumByteCount``), never the whole file.
    ///
    /// - Throws: ``ImageInspectionError``: as ``inspect(_:)-(Data)``, plus
    ///   ``ImageInspectionError/notAFileURL(_:)`` and ``ImageInspectionError/unreadable(_:reason:)``.
    public func inspect(fileAt url: URL) throws(ImageInspectionError) -> ImageHeader {
        try inspect(fileAt: url, chunkSize: FileChunkLoader.defaultChunkSize)
    }

    /// Reads the header of the image in a file in chunks of `chunkSize` bytes (small chunks
    /// let tests and the fuzzer exercise reads that span chunks).
    func inspect(fileAt url: URL, chunkSize: Int) throws(ImageInspectionError) -> ImageHeader {
        let file = try FileChunkLoader(url: url, limit: maximumByteCount, chunkSize: chunkSize)
        guard file.count > 0 else { throw .empty }
        let firstChunk = try file.load(
            at: 0, minimumCount: min(file.count, FormatSniffer.examinedPrefixLength), format: nil)
        var reader = ByteReader(file: file, format: try Self.format(of: firstChunk))
        return try Self.header(&reader)
    }

    /// Reads the header of a part's content: inline data, or a file read as
    /// ``inspect(fileAt:)`` does.
    ///
    /// - Throws: ``ImageInspectionError``, as ``inspect(_:)-(Data)`` and ``inspect(fileAt:)``.
    public func inspect(_ content: PartContent) throws(ImageInspectionError) -> ImageHeader {
        switch content {
        case .data(let data): try inspect(data)
        case .file(let url): try inspect(fileAt: url)
        }
    }

    /// The image format the first bytes name, or the reason they are no image.
    private static func format(of prefix: UnsafeRawBufferPointer) throws(ImageInspectionError) -> ImageFormat {
        switch FormatSniffer.sniff(prefix) {
        case .image(let format): format
        case .notAnImage(let content): throw .notAnImage(content)
        }
    }

    private static func header(_ reader: inout ByteReader) throws(ImageInspectionError) -> ImageHeader {
        let fields: HeaderFields
        switch reader.format {
        case .jpeg: fields = try JPEGHeaderParser.parse(&reader)
        case .png: fields = try PNGHeaderParser.parse(&reader)
        case .gif: fields = try GIFHeaderParser.parse(&reader)
        case .webp: fields = try WebPHeaderParser.parse(&reader)
        case .heic, .heif, .avif: fields = try HEIFHeaderParser.parse(&reader)
        case .bmp: fields = try BMPHeaderParser.parse(&reader)
        case .tiff: fields = try TIFFHeaderParser.parse(&reader)
        }
        return ImageHeader(
            format: reader.format, pixelWidth: fields.pixelWidth, pixelHeight: fields.pixelHeight,
            orientation: fields.orientation, isProgressive: fields.isProgressive, isAnimated: fields.isAnimated,
            inspectedByteCount: reader.inspectedByteCount)
    }
}
