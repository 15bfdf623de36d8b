import Foundation

/// The cosines of one axis of a placeholder decode, computed once per axis length and term
/// count and kept: a screen of cells decodes the same sizes again and again.
///
/// Each table holds `cos(π · (k + offset) · i / length)` at `k * terms + i`, computed in
/// `Double` with the operations in the order each reference algorithm uses, then rounded to
/// `Float` (the decoders sum in `Float`) and repeated in the four lanes of a `SIMD4`, ready to
/// multiply a term's four channels. Lock: the cache's own; at most ``maximumEntries``
/// tables are kept (the cache starts afresh when full).
final class CosineTable: Sendable {
    /// The cache the decoders share.
    static let shared = CosineTable()
    /// The most tables kept: a few dozen kilobytes.
    static let maximumEntries = 64

    private struct Key: Hashable {
        var length: Int
        var terms: Int
        var isHalfOffset: Bool
    }

    private let tables = LockedState<[Key: [SIMD4<Float>]]>([:])

    /// The table for an axis of `length` pixels and `terms` cosine terms. With `halfOffset`,
    /// ThumbHash's `cos(π / length · (k + 0.5) · i)`; without, BlurHash's `cos(π · k · i / length)`.
    func table(length: Int, terms: Int, halfOffset: Bool) -> [SIMD4<Float>] {
        let key = Key(length: length, terms: terms, isHalfOffset: halfOffset)
        if let table = tables.withLock({ $0[key] }) { return table }
        var table = [SIMD4<Float>](repeating: .zero, count: length * terms)
        for k in 0..<length {
            for i in 0..<terms {
                let cosine =
                    halfOffset
                    ? cos(Double.pi / Double(length) * (Double(k) + 0.5) * Double(i))
                    : cos(Double.pi * Double(k) * Double(i) / Double(length))
                table[k * terms + i] = SIMD4(repeating: Float(cosine))
            }
        }
        tables.withLock { tables in
            if tables.count >= Self.maximumEntries { tables.removeAll() }
            tables[key] = table
        }
        return table
    }
}
