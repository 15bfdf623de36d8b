import Foundation

/// Turns a checked ThumbHash into RGBA pixels by the reference algorithm (`thumbHashToRGBA`
/// in evanw/thumbhash): the inverse DCT of each channel, LPQ converted to RGB, each byte
/// `255 * min(1, value)` truncated and at least 0.
///
/// The same sums in another order, in `Float`: the LPQ-to-RGB conversion and the 255 are
/// linear, so they are folded into the coefficients (each term gives red, green, blue and
/// alpha at once, one `SIMD4` lane each); each row's terms are summed per column once, and the
/// columns come in mirrored pairs (``MirroredRow``). Bytes may differ by 1 from the reference
/// where a value lies within rounding of an integer.
struct ThumbHashRenderer {
    private let columnCount: Int
    private let rowCount: Int
    /// Each term's red, green, blue and alpha, times 255, at `cy * columnCount + cx`; 0 for the
    /// terms a channel does not have.
    private let coefficients: [SIMD4<Float>]
    /// The constants' red, green, blue and alpha, times 255.
    private let constant: SIMD4<Float>

    /// What one unit of luminance, yellow–blue, red–green and alpha adds to red, green, blue
    /// and alpha times 255: `b = l − 2/3 · p`, `r = (3 · l − b + q) / 2 = l + p / 3 + q / 2`,
    /// `g = r − q`.
    private static let luminance = SIMD4<Double>(255, 255, 255, 0)
    private static let yellowBlue = SIMD4<Double>(255.0 / 3, 255.0 / 3, -255.0 * 2 / 3, 0)
    private static let redGreen = SIMD4<Double>(255.0 / 2, -255.0 / 2, 0, 0)
    private static let alpha = SIMD4<Double>(0, 0, 0, 255)

    /// Reads the coefficients of `bytes`, whose header is `header` (length already checked).
    init(header: ThumbHashHeader, bytes: [UInt8]) {
        let columnCount = max(header.luminanceColumns, header.hasAlpha ? 5 : 3)
        let rowCount = max(header.luminanceRows, header.hasAlpha ? 5 : 3)
        var coefficients = [SIMD4<Double>](repeating: .zero, count: columnCount * rowCount)
        var index = 0
        func read(_ triangle: ThumbHashTriangle, scale: Double, into lanes: SIMD4<Double>) {
            triangle.forEachTerm { cx, cy in
                guard cx != 0 || cy != 0 else { return }
                let byte = bytes[header.acStart + (index >> 1)]
                let nibble = (byte >> ((index & 1) << 2)) & 15
                index += 1
                // Doubled, as the reference doubles each row's cosine.
                coefficients[cy * columnCount + cx] += lanes * ((Double(nibble) / 7.5 - 1) * scale * 2)
            }
        }
        // The colour scales are boosted by 1.25 to make up for quantisation, as the reference does.
        read(
            ThumbHashTriangle(columns: header.luminanceColumns, rows: header.luminanceRows),
            scale: header.luminanceScale, into: Self.luminance)
        read(.colour, scale: header.yellowBlueScale * 1.25, into: Self.yellowBlue)
        read(.colour, scale: header.redGreenScale * 1.25, into: Self.redGreen)
        if header.hasAlpha { read(.alpha, scale: header.alphaScale, into: Self.alpha) }
        // Without alpha, the alpha constant is 1 and no term varies it: 255, as in the reference.
        let constant =
            Self.luminance * header.luminanceConstant + Self.yellowBlue * header.yellowBlueConstant
            + Self.redGreen * header.redGreenConstant + Self.alpha * header.alphaConstant
        self.columnCount = columnCount
        self.rowCount = rowCount
        self.coefficients = coefficients.map { SIMD4<Float>($0) }
        self.constant = SIMD4<Float>(constant)
    }

    func render(width: Int, height: Int) -> [UInt8] {
        let cosineX = CosineTable.shared.table(length: width, terms: columnCount, halfOffset: true)
        let cosineY = CosineTable.shared.table(length: height, terms: rowCount, halfOffset: true)
        let (columnCount, rowCount, constant) = (self.columnCount, self.rowCount, self.constant)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, initialized in
            guard let pixels = UnsafeMutableRawPointer(rgba.baseAddress) else { return }
            withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: columnCount) { terms in
                coefficients.withUnsafeBufferPointer { coefficients in
                    cosineX.withUnsafeBufferPointer { cosineX in
                        cosineY.withUnsafeBufferPointer { cosineY in
                            for y in 0..<height {
                                for cx in 0..<columnCount { terms[cx] = cx == 0 ? constant : .zero }
                                for cy in 0..<rowCount {
                                    let basis = cosineY[y &* rowCount &+ cy]
                                    for cx in 0..<columnCount {
                                        terms[cx] += coefficients[cy &* columnCount &+ cx] * basis
                                    }
                                }
                                let row = pixels + y &* width &* 4
                                MirroredRow.forEachPixel(
                                    width: width, halfOffset: true, terms: terms, count: columnCount, cosines: cosineX
                                ) { x, value in
                                    row.storeBytes(of: Self.bytes(value), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
                                }
                            }
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
    }

    /// Each lane of `value` (255 times the reference's value) as the reference stores it:
    /// truncated, then at least 0 and at most 255. In integer lanes, without a checked
    /// conversion or a branch: adding 1.5 · 2²³, whose unit in the last place is 1, leaves the
    /// nearest integer in the low bits (exact for any value within ±2²²; the terms keep values
    /// far inside); one less when that rounded up; then clamped with sign masks.
    @inline(__always)
    static func bytes(_ value: SIMD4<Float>) -> SIMD4<UInt8> {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let rounded = value + magic
        let roundedUp = unsafeBitCast(value - (rounded - magic), to: SIMD4<Int32>.self) &>> 31
        let floor = unsafeBitCast(rounded, to: SIMD4<Int32>.self) &- 0x4B40_0000 &+ roundedUp
        let atLeastZero = floor & ~(floor &>> 31)
        // Above 255: all ones, which the truncation to 8 bits makes 255.
        let clamped = atLeastZero | ((255 &- atLeastZero) &>> 31)
        return SIMD4<UInt8>(truncatingIfNeeded: clamped)
    }
}
