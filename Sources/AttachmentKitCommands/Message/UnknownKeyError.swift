/// A key a message description does not know, such as a mistyped `"path"` for `"file"`.
struct UnknownKeyError: Error, CustomStringConvertible {
    let key: String
    let codingPath: [any CodingKey]
    let owner: String
    let allowed: [String]

    var description: String {
        let path = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let place = path.isEmpty ? "" : " at \(path)"
        return "unknown key \"\(key)\"\(place); \(owner) has only \(allowed.joined(separator: ", "))"
    }

    /// Throws for the first key of the object `decoder` holds that is not in `allowed`.
    static func check(_ decoder: any Decoder, allowed: [String], in owner: String) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
        if let key = unknown.first {
            throw UnknownKeyError(key: key, codingPath: decoder.codingPath, owner: owner, allowed: allowed)
        }
    }

    /// Any key, to list an object's keys.
    private struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
