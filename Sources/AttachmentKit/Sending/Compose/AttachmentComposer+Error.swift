import Foundation

extension AttachmentComposer {
    /// Why ``AttachmentComposer`` refused a file; nothing was uploaded.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL does not name a local file.
        case notAFileURL(URL)
        /// The file could not be read.
        case unreadable(URL, reason: String)
        /// The file's bytes are not an image (an HTML page, a script, unknown binary…). Send it with
        /// ``AttachmentComposer/composeFile(at:mimeType:id:)`` if that is meant.
        case notAnImage(URL, ImageInspector.NonImageContent)
        /// The file starts as an image but its header can't be read.
        case unreadableHeader(URL, ImageInspector.Error)
        /// The size part can't say the image's orientation in the chosen code.
        case orientationNotExpressible(URL, ImageSizeMetadata.Error)
        /// A part could not be written to the output folder.
        case cannotWrite(URL, reason: String)

        public var description: String {
            switch self {
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            case .notAnImage(let url, let content):
                "\(url.path) is \(content), not an image; send it as a plain file if that is meant"
            case .unreadableHeader(let url, let error): "\(url.path) is not a readable image: \(error)"
            case .orientationNotExpressible(let url, let error): "\(url.path): \(error)"
            case .cannotWrite(let url, let reason): "can't write \(url.path): \(reason)"
            }
        }
    }
}
