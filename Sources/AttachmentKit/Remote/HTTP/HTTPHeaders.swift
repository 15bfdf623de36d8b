/// HTTP header fields in the order they were given, looked up without regard to case.
///
/// Header names are case-insensitive in HTTP, and URLSession on Linux renames some of them
/// (`ETag` arrives as `Etag`), so always read them through ``subscript(_:)``.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields, in order, as name and value.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates headers from fields in order.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal such as `["Authorization": "Bearer abc"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name` (in any case), or `nil`. Setting a value
    /// replaces every field of that name; setting `nil` removes them.
    public subscript(_ name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            let lowered = name.lowercased()
            fields.removeAll { $0.name.lowercased() == lowered }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy {
                $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value
            }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}
