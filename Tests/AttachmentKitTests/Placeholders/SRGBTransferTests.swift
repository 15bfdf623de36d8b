import Foundation
import Testing

@testable import AttachmentKit

/// The table-driven sRGB encoder the BlurHash decoder uses: the same bytes as the simple table
/// walk it replaced, and those of the direct computation except at a threshold itself, where
/// the two round `pow` differently. The oracle tests allow 1 per channel, so they could not see
/// a table off by one.
@Suite("sRGB encoder against the direct computation", .inTurn)
struct SRGBTransferTests {
    /// The thresholds the encoder uses: the least linear value of each byte.
    static let thresholds: [Double] = (0..<256).map { byte in
        guard byte > 0 else { return 0 }
        let encoded = (Double(byte) - 0.5) / 255
        return encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// The walk the encoder replaced: 1,024 buckets by truncation, each starting at the direct
    /// byte of its lower edge, then up past every threshold the value reaches.
    static func tableWalk(_ value: Double) -> Int {
        let v = value > 0 ? min(1, value) : 0
        var result = SRGBTransfer.byte(ofLinear: Double(Int(v * 1023)) / 1023)
        while result < 255, v >= thresholds[result + 1] { result += 1 }
        return result
    }

    static let values: [Double] = {
        var values: [Double] = (0...200_000).map { Double($0) / 200_000 }
        for threshold in thresholds.dropFirst() { values += [threshold.nextDown, threshold, threshold.nextUp] }
        return values + [-1, -0.0, 1.5, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1.nextDown]
    }()

    @Test("a dense sweep of 0–1, every threshold and its neighbours, and values outside 0–1: the walk's bytes")
    func matchesTheTableWalk() {
        let mismatches = Self.values.filter { Int(SRGBTransfer.fastByte(ofLinear: $0)) != Self.tableWalk($0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("away from the thresholds, the direct computation's bytes")
    func matchesTheDirectComputation() {
        // The thresholds next to a value are those of its direct byte and the byte above.
        let away = Self.values.filter { value in
            guard !value.isNaN else { return false }
            let byte = SRGBTransfer.byte(ofLinear: value)
            return [byte, min(255, byte + 1)].allSatisfy {
                abs(Self.thresholds[$0] - value) > 4 * Self.thresholds[$0].ulp
            }
        }
        let mismatches = away.filter { Int(SRGBTransfer.fastByte(ofLinear: $0)) != SRGBTransfer.byte(ofLinear: $0) }
        #expect(away.count > 200_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
