import Foundation

/// What a tus server said of itself in its `OPTIONS` answer.
struct TusServerCapabilities: Sendable, Hashable {
    /// `Tus-Extension`, lowercased.
    var extensions: Set<String> = []
    /// `Tus-Max-Size`.
    var maximumSize: Int64?
    /// `Tus-Checksum-Algorithm`, lowercased.
    var checksumAlgorithms: Set<String> = []

    init() {}

    init(_ head: HTTPResponse.Head) {
        extensions = Self.list(head.headers["Tus-Extension"])
        maximumSize = head.headers["Tus-Max-Size"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        checksumAlgorithms = Self.list(head.headers["Tus-Checksum-Algorithm"])
    }

    private static func list(_ value: String?) -> Set<String> {
        Set((value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }
}
