@testable import AttachmentKit

/// Random well-formed placeholder hashes, seeded, for the decoders' reference and validation
/// tests.
enum RandomPlaceholderHashes {
    /// A hash with random fields and coefficients, its length the one its header calls for.
    static func thumbHash(_ random: inout SeededRandom) -> [UInt8] {
        let hasAlpha = Bool.random(using: &random)
        let longSide = hasAlpha ? 5 : 7
        let shortSide = Int.random(in: 1...longSide, using: &random)
        let landscape = Bool.random(using: &random)
        var header24 = Int.random(in: 0..<(1 << 23), using: &random)
        if hasAlpha { header24 |= 1 << 23 }
        let header16 = shortSide | Int.random(in: 0..<(1 << 12), using: &random) << 3 | (landscape ? 1 << 15 : 0)
        var bytes: [UInt8] = [
            UInt8(header24 & 255), UInt8(header24 >> 8 & 255), UInt8(header24 >> 16), UInt8(header16 & 255),
            UInt8(header16 >> 8),
        ]
        while bytes.count < ThumbHash.maximumByteCount { bytes.append(UInt8.random(in: 0...255, using: &random)) }
        do {
            _ = try ThumbHash(bytes: bytes)
        } catch {
            guard case .wrongLength(_, let expected) = error else { preconditionFailure("\(error)") }
            bytes = Array(bytes.prefix(expected))
        }
        return bytes
    }

    /// A hash of `components` (0–80, the first character), every digit in range.
    static func blurHash(components: Int, _ random: inout SeededRandom) -> String {
        let count = (components % 9 + 1) * (components / 9 + 1)
        var text: [UInt8] = []
        Base83.encode(components, length: 1, into: &text)
        Base83.encode(Int.random(in: 0...82, using: &random), length: 1, into: &text)
        Base83.encode(Int.random(in: 0...0xFF_FFFF, using: &random), length: 4, into: &text)
        for _ in 1..<count { Base83.encode(Int.random(in: 0..<6859, using: &random), length: 2, into: &text) }
        return String(decoding: text, as: UTF8.self)
    }
}
