import Foundation

/// A `Content-Range` header value: `bytes FIRST-LAST/TOTAL` on a 206, `bytes */TOTAL` on a 416.
struct ContentRange: Sendable, Hashable {
    /// The first and last byte offsets sent, or `nil` for `*`.
    var range: ClosedRange<Int64>?
    /// The whole resource's length, or `nil` for `*` (unknown).
    var total: Int64?

    /// Parses a header value; `nil` when it is malformed or its numbers don't agree.
    init?(_ value: String) {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst("bytes ".count).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] == "*" {
            total = nil
        } else {
            guard let total = Int64(halves[1]), total >= 0 else { return nil }
            self.total = total
        }
        if halves[0] == "*" {
            range = nil
            guard total != nil else { return nil }
        } else {
            let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0,
                last >= first
            else { return nil }
            if let total, last >= total { return nil }
            range = first...last
        }
    }
}
