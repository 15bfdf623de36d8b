import Foundation

/// The cosines of one axis of a placeholder decode, computed once per axis length and term
/// count and kept: a screen of cells decodes the same sizes again and again.
///
/// Each table holds `cos(π · (k + offset) · i / length) · scale` at `k * terms + i`, computed
/// with the operations in the order each reference algorithm uses, so that the pixels stay
/// exactly those of the direct computation. Lock: the cache's own; at most
/// ``maximumEntries`` tables are kept (the cache starts afresh when full).
final class CosineTable: Sendable {
    /// The cache the decoders share.
    static let shared = CosineTable()
    /// The most tables kept: a few dozen kilobytes.
    static let maximumEntries = 64

    private struct Key: Hashable {
        var length: Int
        var terms: Int
        var offset: Double
        var scale: Double
    }

    private let tables = LockedState<[Key: [Double]]>([:])

    /// The table for an axis of `length` pixels and `terms` cosine terms. With `offset` 0.5,
    /// ThumbHash's `cos(π / length · (k + 0.5) · i) · scale`; with 0, BlurHash's
    /// `cos(π · k · i / length)`.
    func table(length: Int, terms: Int, offset: Double, scale: Double = 1) -> [Double] {
        let key = Key(length: length, terms: terms, offset: offset, scale: scale)
        if let table = tables.withLock({ $0[key] }) { return table }
        var table = [Double](repeating: 0, count: length * terms)
        for k in 0..<length {
            for i in 0..<terms {
                let cosine =
                    offset == 0
                    ? cos(Double.pi * Double(k) * Double(i) / Double(length))
                    : cos(Double.pi / Double(length) * (Double(k) + offset) * Double(i))
                table[k * terms + i] = scale == 1 ? cosine : cosine * scale
            }
        }
        tables.withLock { tables in
            if tables.count >= Self.maximumEntries { tables.removeAll() }
            tables[key] = table
        }
        return table
    }
}
