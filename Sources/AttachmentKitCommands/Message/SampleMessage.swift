import Foundation

extension SampleMessage {
    /// The sample message's JSON for the sample written in `folder`: the preview by a name
    /// relative to it, the original by a `file://` URL to fetch as a ``RemotePart``.
    static func json(folder: URL) -> String {
        """
        {
          "name": "sample photo message",
          "parts": [
            { "id": "caption", "mimeType": "text/plain", "status": "complete", "data": "\(Data("Look at this".utf8).base64EncodedString())" },
            { "id": "original", "mimeType": "image/png", "status": "readyForDownload",
              "url": "\(folder.appendingPathComponent("original.png").absoluteString)" },
            { "id": "preview", "mimeType": "image/jpeg+preview", "status": "complete", "file": "preview.jpg" },
            { "id": "size", "mimeType": "application/json+imageSize", "status": "complete",
              "data": "\(Data(#"{"width":96,"height":128,"orientation":0}"#.utf8).base64EncodedString())" }
          ]
        }
        """
    }

    /// Writes the sample message and its images to a new `attachmentkit-sample-<UUID>` folder
    /// in the temporary directory and returns the message file's URL; the caller removes the
    /// folder (the message file's parent) when it is done.
    static func writeToTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-sample-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, base64) in [("original.png", originalPNGBase64), ("preview.jpg", previewJPEGBase64)] {
            let bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()
            try bytes.write(to: folder.appendingPathComponent(name), options: .atomic)
        }
        let message = folder.appendingPathComponent("message.json")
        try Data(json(folder: folder).utf8).write(to: message, options: .atomic)
        return message
    }
}
