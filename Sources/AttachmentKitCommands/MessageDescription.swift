import AttachmentKit
import Foundation

/// A message described as JSON, the input of `attachmentkit resolve`:
///
/// ```json
/// { "name": "optional", "parts": [
///   { "id": "p1", "mimeType": "image/jpeg", "status": "complete", "file": "photo.jpg" },
///   { "mimeType": "image/jpeg+preview", "status": "readyForDownload", "url": "https://…" },
///   { "mimeType": "application/json+imageSize", "data": "eyJ3aWR0aCI6…" } ] }
/// ```
///
/// Each part has a MIME type, a status (default `complete`), an optional id (default
/// `part-N`, counting from 1), an optional byte count, and at most one of `file` (a path,
/// relative to the message file's folder), `url` or `data` (base64).
struct MessageDescription: Sendable {
    var name: String?
    var parts: [DescribedPart]

    /// Reads and validates a message file.
    static func load(from url: URL) throws(CommandError) -> MessageDescription {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(url.path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, relativeTo: url.deletingLastPathComponent())
    }

    /// Parses a message description; file paths are resolved against `folder`.
    static func parse(_ data: Data, relativeTo folder: URL) throws(CommandError) -> MessageDescription {
        let raw: RawMessage
        do {
            raw = try JSONDecoder().decode(RawMessage.self, from: data)
        } catch {
            throw .malformedMessage(Self.describe(error))
        }
        var parts: [DescribedPart] = []
        for (index, rawPart) in raw.parts.enumerated() {
            parts.append(try DescribedPart(rawPart, number: index + 1, folder: folder))
        }
        return MessageDescription(name: raw.name, parts: parts)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing \"\(key.stringValue)\"\(where: context)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type\(where: context)"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not valid JSON" : "bad value\(where: context)"
        default:
            String(describing: error)
        }
    }
}

extension String.StringInterpolation {
    fileprivate mutating func appendInterpolation(where context: DecodingError.Context) {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        appendLiteral(path.isEmpty ? "" : " at \(path)")
    }
}

/// The JSON shape, before validation.
struct RawMessage: Decodable {
    var name: String?
    var parts: [RawPart]
}

struct RawPart: Decodable {
    var id: String?
    var mimeType: String
    var status: String?
    var byteCount: Int64?
    var file: String?
    var url: String?
    var data: String?
}
