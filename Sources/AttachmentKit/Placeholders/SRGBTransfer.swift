import Foundation

/// The sRGB transfer function as BlurHash uses it: bytes to linear light and back, the way
/// back `trunc(255 * srgb(v) + 0.5)` as in the reference.
enum SRGBTransfer {
    /// Linear light of each sRGB byte.
    static let linearOfByte: [Double] = (0..<256).map { linear(ofEncoded: Double($0) / 255) }

    /// The sRGB byte of linear light `value` (clamped to 0–1), computed directly.
    static func byte(ofLinear value: Double) -> Int {
        let v = max(0, min(1, value))
        let encoded = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return Int(encoded * 255 + 0.5)
    }

    /// The same as ``byte(ofLinear:)`` without a power: the byte at the start of the value's
    /// bucket, then moved up past every threshold it reaches.
    static func fastByte(ofLinear value: Double) -> UInt8 {
        let v = value > 0 ? min(1, value) : 0
        var result = bucketStart[Int(v * Double(bucketCount - 1))]
        while result < 255, v >= thresholds[result + 1] { result += 1 }
        return UInt8(result)
    }

    private static let bucketCount = 1024

    /// `thresholds[k]`: the least linear value whose byte is `k` (the sRGB value `k - 0.5`).
    private static let thresholds: [Double] = (0..<256).map {
        $0 == 0 ? 0 : linear(ofEncoded: (Double($0) - 0.5) / 255)
    }

    /// The byte of each bucket's least value.
    private static let bucketStart: [Int] = (0..<bucketCount).map {
        byte(ofLinear: Double($0) / Double(bucketCount - 1))
    }

    private static func linear(ofEncoded v: Double) -> Double {
        v <= 0.040_45 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
}
