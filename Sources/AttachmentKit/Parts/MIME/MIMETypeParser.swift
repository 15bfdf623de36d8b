/// Parses media type strings by RFC 2045's grammar: `type "/" subtype *(";" name "=" value)`.
enum MIMETypeParser {
    /// The characters RFC 2045 calls `tspecials`: not allowed inside a token.
    private static let specials: Set<Unicode.Scalar> = [
        "(", ")", "<", ">", "@", ",", ";", ":", "\\", "\"", "/", "[", "]", "?", "=",
    ]

    /// Whether `scalar` may appear in an RFC 2045 token: printable ASCII other than space and
    /// the specials.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && !specials.contains(scalar)
    }

    static func parse(_ input: String) throws(MIMEType.Error) -> MIMEType {
        let byteCount = input.utf8.count
        guard byteCount <= MIMEType.maximumByteCount else { throw .tooLong(byteCount: byteCount) }
        if let control = input.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidCharacter(control, in: input)
        }
        let trimmed = input.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .empty }

        let sections = trimmed.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let essence = sections[0].trimmingSpaces()
        guard let slash = essence.firstIndex(of: "/") else { throw .missingSlash(input) }
        let type = String(essence[..<slash])
        let subtype = String(essence[essence.index(after: slash)...])
        guard !type.isEmpty else { throw .emptyType(input) }
        guard !subtype.isEmpty else { throw .emptySubtype(input) }
        try requireToken(type, in: input)
        try requireToken(subtype, in: input)

        let parameters = sections.count > 1 ? try parseParameters(String(sections[1]), in: input) : [:]
        return MIMEType(validatedType: type, subtype: subtype, parameters: parameters)
    }

    private static func requireToken(_ token: String, in input: String) throws(MIMEType.Error) {
        if let bad = token.unicodeScalars.first(where: { !isTokenCharacter($0) }) {
            throw .invalidCharacter(bad, in: input)
        }
    }

    /// Parses `name=value; name="quoted \" value"`; a trailing `;` is tolerated.
    private static func parseParameters(
        _ text: String, in input: String
    ) throws(MIMEType.Error) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Substring(text).unicodeScalars[...]
        while true {
            scalars = scalars.drop(while: { $0 == " " || $0 == "\t" })
            if scalars.isEmpty { return result }
            let name = String(String.UnicodeScalarView(scalars.prefix(while: isTokenCharacter)))
            scalars = scalars.dropFirst(name.unicodeScalars.count)
            guard !name.isEmpty, scalars.first == "=" else {
                throw .malformedParameter(name.isEmpty ? String(String.UnicodeScalarView(scalars)) : name)
            }
            scalars = scalars.dropFirst()
            let value: String
            if scalars.first == "\"" {
                (value, scalars) = try parseQuoted(scalars.dropFirst(), parameter: name)
            } else {
                value = String(String.UnicodeScalarView(scalars.prefix(while: isTokenCharacter)))
                guard !value.isEmpty else { throw .malformedParameter(name) }
                scalars = scalars.dropFirst(value.unicodeScalars.count)
            }
            result[name.lowercased()] = value
            scalars = scalars.drop(while: { $0 == " " || $0 == "\t" })
            if scalars.isEmpty { return result }
            guard scalars.first == ";" else { throw .malformedParameter(name) }
            scalars = scalars.dropFirst()
        }
    }

    private static func parseQuoted(
        _ input: Substring.UnicodeScalarView.SubSequence,
        parameter: String
    ) throws(MIMEType.Error) -> (String, Substring.UnicodeScalarView.SubSequence) {
        var value = String.UnicodeScalarView()
        var rest = input
        while let scalar = rest.first {
            rest = rest.dropFirst()
            switch scalar {
            case "\"": return (String(value), rest)
            case "\\":
                guard let escaped = rest.first else { throw .malformedParameter(parameter) }
                value.append(escaped)
                rest = rest.dropFirst()
            default: value.append(scalar)
            }
        }
        throw .malformedParameter(parameter)
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars.drop(while: { $0 == " " || $0 == "\t" })
        let trimmed = scalars.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
        return String(String.UnicodeScalarView(trimmed))
    }
}
