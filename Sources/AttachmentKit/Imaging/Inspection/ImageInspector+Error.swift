import Foundation

extension ImageInspector {
    /// Why ``ImageInspector`` could not read an image's header. Every parser reports bad input with
    /// one of these; none traps or loops.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The input has no bytes at all.
        case empty
        /// The bytes are not an image in any format ``ImageFormat`` names; the associated value
        /// says what they look like instead.
        case notAnImage(ImageInspector.NonImageContent)
        /// The input ends before the header does: a field at `offset` is beyond the last byte (a
        /// partial download, or a length that points past the end).
        case truncated(ImageFormat, offset: Int)
        /// A length, size or count is larger than the structure that holds it, or than the format
        /// allows: a box larger than its parent, a PNG chunk over 2³¹ − 1 bytes.
        case oversizedField(ImageFormat, field: String, value: UInt64)
        /// A structure points back to one already read (a TIFF IFD offset that points to itself).
        case loop(ImageFormat, offset: Int)
        /// A field holds a value the format forbids, such as a zero width or a marker out of place.
        case malformed(ImageFormat, reason: String)
        /// The header uses a valid feature this inspector does not read (BigTIFF, for example).
        case unsupported(ImageFormat, feature: String)
        /// The header was not complete within the bytes the inspector may read
        /// (``ImageInspector/maximumByteCount``): the bytes the parser needed, or the bytes read
        /// from a file.
        case readLimitExceeded(ImageFormat?, limit: Int)
        /// The header was not complete within the reads the inspector may make
        /// (``ImageInspector/maximumReadCount``): a file of thousands of tiny segments or chunks.
        case readCountExceeded(ImageFormat, limit: Int)
        /// ``PartContent/file(_:)`` or ``ImageInspector/inspect(fileAt:)`` was given a URL that
        /// does not name a local file.
        case notAFileURL(URL)
        /// The file could not be opened or read.
        case unreadable(URL, reason: String)

        public var description: String {
            switch self {
            case .empty: "the content is empty (zero bytes)"
            case .notAnImage(let content): "not an image: \(content)"
            case .truncated(let format, let offset):
                "\(format) header is truncated: a field at byte \(offset) runs past the end"
            case .oversizedField(let format, let field, let value): "\(format) \(field) is too large (\(value))"
            case .loop(let format, let offset): "\(format) structure loops back to byte \(offset)"
            case .malformed(let format, let reason): "malformed \(format) header: \(reason)"
            case .unsupported(let format, let feature): "\(format) \(feature) is not supported"
            case .readLimitExceeded(let format, let limit):
                "\(format.map { "\($0) header" } ?? "header") not found within the first \(limit) bytes read"
            case .readCountExceeded(let format, let limit): "\(format) header not found within \(limit) reads"
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            }
        }
    }
}

extension ImageInspector.Error {
    /// Whether the error is about reading (the limit, the file) rather than about the bytes
    /// read, so that a parser that tolerates damaged metadata still reports it.
    var isAboutTheReadNotTheFormat: Bool {
        switch self {
        case .readLimitExceeded, .readCountExceeded: return true
        default: return isFileFailure
        }
    }

    /// Whether the error is a failure of the file itself (it could not be opened or read), as
    /// opposed to its bytes or the read limit.
    var isFileFailure: Bool {
        switch self {
        case .notAFileURL, .unreadable: true
        default: false
        }
    }
}
