import Foundation

/// Why a part's content could not be read.
public enum PartContentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``PartContent/file(_:)`` was given a URL that does not name a local file.
    case notAFileURL(URL)
    /// The file could not be opened or read.
    case unreadable(URL, reason: String)

    public var description: String {
        switch self {
        case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
        case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
        }
    }

    static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }
}
