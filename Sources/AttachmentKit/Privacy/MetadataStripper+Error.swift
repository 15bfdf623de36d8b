import Foundation

extension MetadataStripper {
    /// Why ``MetadataStripper/strip(fileAt:to:)`` wrote nothing. The input is never changed, and
    /// no output file is left behind.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL does not name a local file.
        case notAFileURL(URL)
        /// The file could not be opened or read, or it changed while it was being read.
        case unreadable(URL, reason: String)
        /// The file's bytes are of a type the stripper doesn't read (an HTML page named `.jpg`, a
        /// PDF, a ZIP archive…); the associated value says what they are.
        case unsupported(URL, FileType)
        /// The image's structure is damaged where the stripper reads it: a length past the end,
        /// a cut file, a bad PNG CRC, a lying RIFF size, a HEIF item located past the end.
        case malformedImage(URL, ImageInspector.Error)
        /// The video's or audio file's box structure is damaged where the stripper reads it.
        case malformedMedia(URL, ISOMediaInspector.Error)
        /// The output could not be written.
        case cannotWrite(URL, reason: String)

        public var description: String {
            switch self {
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            case .unsupported(let url, let type): "can't strip \(url.path): it is \(type)"
            case .malformedImage(let url, let error): "can't strip \(url.path): \(error)"
            case .malformedMedia(let url, let error): "can't strip \(url.path): \(error)"
            case .cannotWrite(let url, let reason): "can't write \(url.path): \(reason)"
            }
        }
    }
}
