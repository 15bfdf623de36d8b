import Foundation

/// A Matrix content URI, `mxc://<server-name>/<media-id>`: where a homeserver keeps a file.
///
/// ```swift
/// let uri = try MatrixContentURI("mxc://example.org/JWEIFJgwEIhweiWJE")
/// uri.serverName   // "example.org"
/// uri.mediaID      // "JWEIFJgwEIhweiWJE"
/// ```
///
/// Both halves are checked, since they become path segments of the media endpoints: the server
/// name is a host name, an IPv4 address or a bracketed IPv6 address, with an optional port; the
/// media ID is made of `A-Z`, `a-z`, `0-9`, `_` and `-` only, so that no URI can name another
/// path (`../`) or smuggle a query.
public struct MatrixContentURI: Sendable, Hashable, CustomStringConvertible {
    /// The homeserver that keeps the file, such as `example.org` or `localhost:8448`.
    public let serverName: String
    /// The file's identifier on that server.
    public let mediaID: String

    /// The longest URI accepted, in UTF-8 bytes.
    static let maximumByteCount = 512

    /// Parses and checks a content URI.
    ///
    /// - Returns: `nil` when `text` is not `mxc://<server-name>/<media-id>` with a valid server
    ///   name and media ID.
    public init?(_ text: String) {
        guard text.utf8.count <= Self.maximumByteCount, text.hasPrefix("mxc://") else { return nil }
        let rest = text.dropFirst("mxc://".count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let server = String(rest[..<slash])
        let media = String(rest[rest.index(after: slash)...])
        guard Self.isServerName(server), Self.isMediaID(media) else { return nil }
        serverName = server
        mediaID = media
    }

    /// `mxc://<server-name>/<media-id>`.
    public var description: String { "mxc://\(serverName)/\(mediaID)" }

    /// The two path segments the media endpoints take, percent-encoded where a server name
    /// needs it (an IPv6 address's brackets).
    var pathSegments: String {
        let server = serverName.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        return "\(server)/\(mediaID)"
    }

    private static func isMediaID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255
            && text.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "_" || $0 == "-") }
    }

    /// `host[:port]`, where the host is a DNS name, an IPv4 address or a bracketed IPv6 address.
    private static func isServerName(_ text: String) -> Bool {
        var host = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            let address = text[text.index(after: text.startIndex)..<close]
            guard (2...45).contains(address.count),
                address.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." })
            else { return false }
            host = text[text.index(after: close)...]
            return host.isEmpty || isPort(host)
        }
        if let colon = text.firstIndex(of: ":") {
            guard isPort(text[colon...]) else { return false }
            host = text[..<colon]
        }
        return !host.isEmpty && host.utf8.count <= 255
            && host.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-" || $0 == ".") }
    }

    /// `:` followed by 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.allSatisfy(\.isASCII)
            && digits.allSatisfy(\.isNumber)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
