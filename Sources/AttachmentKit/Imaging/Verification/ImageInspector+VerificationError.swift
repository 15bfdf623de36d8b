import Foundation

extension ImageInspector {
    /// Why ``ImageInspector/verify(_:declaredType:policy:)`` refused a part's content.
    public enum VerificationError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The bytes are not an image at all (HTML, a script, zeros…): never hand them to an image
        /// decoder.
        case notAnImage(ImageInspector.NonImageContent, declaredType: MIMEType)
        /// The declared type names another format than the bytes have, and the policy rejects
        /// mislabelled content.
        case typeMismatch(declaredType: MIMEType, actualFormat: ImageFormat)
        /// The image has more pixels than the policy allows, every frame of an animation
        /// counted (``ImageHeader/totalPixelCount``): a possible decompression bomb.
        case tooManyPixels(ImageHeader, limit: Int)
        /// The bytes start like an image but its header could not be read.
        case unreadableHeader(ImageInspector.Error, declaredType: MIMEType)
        /// The content's file could not be opened or read (it was removed, it is not a file URL,
        /// or the system refused access), so nothing about its bytes is known.
        case unreadableFile(URL, reason: String)

        public var description: String {
            switch self {
            case .notAnImage(let content, let declared): "content declared \(declared) is not an image: \(content)"
            case .typeMismatch(let declared, let actual):
                "content declared \(declared) is \(actual) (\(actual.mimeType))"
            case .tooManyPixels(let header, let limit):
                "\(header.format) image of \(header.pixelWidth) x \(header.pixelHeight)"
                    + (header.animation.map { " in \($0.frameCount) frames" } ?? "")
                    + " has \(header.totalPixelCount) pixels; at most \(limit) are allowed"
            case .unreadableHeader(let error, let declared): "content declared \(declared): \(error)"
            case .unreadableFile(let url, let reason): "can't read \(url.path): \(reason)"
            }
        }
    }
}
