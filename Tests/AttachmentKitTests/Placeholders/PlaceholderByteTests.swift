import Testing

@testable import AttachmentKit

/// ThumbHash's bytes without a checked conversion: the reference's `max(0, 255 * min(1, v))`
/// stored into a `Uint8Array`, which truncates.
@Suite("ThumbHash byte conversion", .inTurn)
struct PlaceholderByteTests {
    /// A sweep from −300 to 600 in 1/64 steps, and every integer from −3 to 259 with its
    /// neighbours, where a truncation that rounds would be off by one.
    static let values: [Float] = {
        var values = (-300 * 64...600 * 64).map { Float($0) / 64 }
        for integer in -3...259 {
            let value = Float(integer)
            values += [value.nextDown, value, value.nextUp, value + 0.5, value - 0.5]
        }
        return values + [-0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 254.999_98, 255.000_02]
    }()

    @Test("each lane is the value truncated, at least 0 and at most 255")
    func truncatesAndClamps() {
        var mismatches: [Float] = []
        var index = 0
        while index + 4 <= Self.values.count {
            let lanes = SIMD4(Self.values[index..<index + 4])
            let bytes = ThumbHashRenderer.bytes(lanes)
            for lane in 0..<4 {
                let expected = UInt8(max(0, min(255, lanes[lane])).rounded(.towardZero))
                if bytes[lane] != expected { mismatches.append(lanes[lane]) }
            }
            index += 4
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
