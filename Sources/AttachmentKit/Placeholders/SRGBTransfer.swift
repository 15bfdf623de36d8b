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
    /// bucket, or the one above when the value reaches its threshold (a bucket is narrower
    /// than the space between two thresholds, so it holds one at most).
    static func fastByte(ofLinear value: Double) -> UInt8 {
        withEncoder { $0.byte(ofLinear: value) }
    }

    /// Runs `body` with an encoder over the tables, read once: for loops over many pixels.
    static func withEncoder<Result>(_ body: (Encoder) -> Result) -> Result {
        bucketStart.withUnsafeBufferPointer { buckets in
            thresholds.withUnsafeBufferPointer { thresholds in
                body(Encoder(buckets: buckets, thresholds: thresholds))
            }
        }
    }

    /// ``fastByte(ofLinear:)`` over tables already at hand. Valid only inside ``withEncoder(_:)``.
    struct Encoder {
        let buckets: UnsafeBufferPointer<UInt8>
        let thresholds: UnsafeBufferPointer<Double>

        @inline(__always)
        func byte(ofLinear value: Double) -> UInt8 {
            let v = value > 0 ? min(1, value) : 0
            let start: UInt8 = buckets[SRGBTransfer.bucket(of: v)]
            return v >= thresholds[Int(start) &+ 1] ? start &+ 1 : start
        }
    }

    /// 4,096 buckets: each 1/4,095 wide, less than the least space between two thresholds
    /// (1 / (255 · 12.92), where the curve is steepest).
    fileprivate static let bucketCount = 4096

    /// `thresholds[k]`: the least linear value whose byte is `k` (the sRGB value `k - 0.5`);
    /// `thresholds[256]`, infinity, is never reached.
    private static let thresholds: [Double] = (0...256).map {
        $0 == 0 ? 0 : $0 == 256 ? .infinity : linear(ofEncoded: (Double($0) - 0.5) / 255)
    }

    /// The bucket of `v` (0–1): `v · (bucketCount − 1)` rounded to the nearest, read from the
    /// low bits of its sum with 1.5 · 2⁵², which has a unit in the last place of 1 (no
    /// conversion, so no range check on the way).
    @inline(__always)
    static func bucket(of v: Double) -> Int {
        Int(truncatingIfNeeded: (v * Double(bucketCount - 1) + 0x1.8p52).bitPattern & 0xFFF)
    }

    /// The byte of each bucket's least value, counted on ``thresholds``: no greater than the
    /// byte of any value in the bucket, and the byte of every value in it below the bucket's
    /// threshold, if it has one. The least values increase with the bucket, so one walk up the
    /// thresholds counts them all.
    private static let bucketStart: [UInt8] = {
        var starts: [UInt8] = []
        starts.reserveCapacity(bucketCount)
        var byte = 0
        for bucketIndex in 0..<bucketCount {
            // The least value whose bucket is this one: from the edge (k − 0.5) / (count − 1),
            // stepped to the exact double (a few steps at most).
            var least = max(0, (Double(bucketIndex) - 0.5) / Double(bucketCount - 1))
            while least > 0, bucket(of: least.nextDown) == bucketIndex { least = least.nextDown }
            while bucket(of: least) < bucketIndex { least = least.nextUp }
            while byte < 255, thresholds[byte + 1] <= least { byte += 1 }
            starts.append(UInt8(byte))
        }
        return starts
    }()

    private static func linear(ofEncoded v: Double) -> Double {
        v <= 0.040_45 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
}
