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
/// relative to the message file's folder), `url` or `data` (base64). A part with
/// `encryptedFile` (a Matrix `EncryptedFile` object) is encrypted: its `url`, or the object's
/// own, is the ciphertext's, decrypted after download once its hash matched.
struct MessageDescription: Sendable {
    var name: String?
    var parts: [DescribedPart]

    /// Reads and validates a message file.
    static func load(from url: URL) throws(CommandError) -> MessageDescription {
        let data = try MessageFileReader.read(url)
        do {
            return try parse(data, relativeTo: url.deletingLastPathComponent())
        } catch {
            guard case .malformedMessage(let reason, nil) = error else { throw error }
            throw .malformedMessage(reason, file: url.path)
        }
    }

    /// Parses a message description; file paths are resolved against `folder`.
    static func parse(_ data: Data, relativeTo folder: URL) throws(CommandError) -> MessageDescription {
        guard !data.isEmpty else { throw .malformedMessage("the file is empty; it should hold a JSON object") }
        let raw: RawMessage
        do {
            raw = try JSONDecoder().decode(RawMessage.self, from: data)
        } catch {
            throw .malformedMessage(Self.describe(error))
        }
        let encryptedFiles = Self.encryptedFileObjects(in: data)
        var parts: [DescribedPart] = []
        for (index, rawPart) in raw.parts.enumerated() {
            let encryptedFile = rawPart.hasEncryptedFile ? encryptedFiles[index] : nil
            parts.append(
                try DescribedPart(rawPart, number: index + 1, folder: folder, encryptedFileJSON: encryptedFile))
        }
        return MessageDescription(name: raw.name, parts: parts)
    }

    /// The bytes of each part's `encryptedFile` object, by part index: read apart from the
    /// decoding, since ``EncryptedFile/init(json:acceptedVersions:)`` checks the object itself.
    private static func encryptedFileObjects(in data: Data) -> [Int: Data] {
        guard let message = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let parts = message["parts"] as? [Any]
        else { return [:] }
        var objects: [Int: Data] = [:]
        for (index, part) in parts.enumerated() {
            guard let object = (part as? [String: Any])?["encryptedFile"],
                JSONSerialization.isValidJSONObject([object])
            else { continue }
            objects[index] = try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        }
        return objects
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing \"\(key.stringValue)\"\(where: context)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type\(where: context)"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not valid JSON" : "bad value\(where: context)"
        case let unknown as UnknownKeyError:
            unknown.description
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

/// The JSON shape, before validation. Unknown keys are refused by name (a mistyped `"path"`
/// would otherwise leave a part silently not local).
struct RawMessage: Decodable {
    var name: String?
    var parts: [RawPart]

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, parts
    }

    init(from decoder: any Decoder) throws {
        try UnknownKeyError.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue), in: "the message")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        parts = try container.decode([RawPart].self, forKey: .parts)
    }
}

struct RawPart: Decodable {
    var id: String?
    var mimeType: String
    var status: String?
    var byteCount: Int64?
    var file: String?
    var url: String?
    var data: String?
    /// Whether the part has an `encryptedFile` key (its object is read apart, see
    /// `MessageDescription.encryptedFileObjects(in:)`).
    var hasEncryptedFile: Bool

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, mimeType, status, byteCount, file, url, data, encryptedFile
    }

    init(from decoder: any Decoder) throws {
        try UnknownKeyError.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue), in: "a part")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        mimeType = try container.decode(String.self, forKey: .mimeType)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        byteCount = try container.decodeIfPresent(Int64.self, forKey: .byteCount)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        data = try container.decodeIfPresent(String.self, forKey: .data)
        hasEncryptedFile = container.contains(.encryptedFile)
    }
}
