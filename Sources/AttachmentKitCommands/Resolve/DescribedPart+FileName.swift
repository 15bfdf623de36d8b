import AttachmentKit
import Foundation

extension DescribedPart {
    /// The name a file message shows: the MIME type's `name` parameter, else the last path
    /// component of the part's URL, else of its local file.
    var fileName: String? {
        if let name = mimeType.parameters["name"] { return name }
        if let url = remoteURL, !url.lastPathComponent.isEmpty, url.lastPathComponent != "/" {
            return url.lastPathComponent
        }
        if case .file(let url)? = localContent { return url.lastPathComponent }
        return nil
    }
}
