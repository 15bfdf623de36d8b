import AttachmentKit
import Foundation

/// The message JSON that `attachmentkit resolve` reads, for an attachment being sent: its parts
/// awaiting upload, with their files relative to the message's folder when they are inside it.
enum ComposedMessage {
    static func json(_ attachment: AttachmentComposer.OutgoingAttachment, name: String, folder: URL) -> String {
        let parts = attachment.parts.map { part -> [String: Any] in
            var object: [String: Any] = [
                "id": part.id.rawValue, "mimeType": part.mimeType.description, "status": part.transferStatus.rawValue,
            ]
            if let count = part.byteCount { object["byteCount"] = count }
            if let url = part.localContent?.fileURL { object["file"] = path(of: url, in: folder) }
            return object
        }
        let message: [String: Any] = ["name": name, "parts": parts]
        let data =
            (try? JSONSerialization.data(withJSONObject: message, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A file's path relative to `folder` when it lies inside it, its absolute path otherwise.
    private static func path(of url: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path + "/"
        let full = url.standardizedFileURL.path
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
    }
}
