import Foundation

/// Turns a checked BlurHash into RGBA pixels by the reference algorithm (woltapp/blurhash):
/// the terms to linear light through a signed square, the inverse DCT, back to sRGB.
///
/// The same sums in another order, in `Float`: each row's terms are summed per column once,
/// and the columns come in mirrored pairs (``MirroredRow``); red, green and blue are one
/// `SIMD4` lane each. The sRGB encode is exact for the sum it gets, so bytes differ by 1 from
/// the reference at most, where a value lies within rounding of a threshold.
struct BlurHashRenderer {
    private let columns: Int
    private let rows: Int
    /// Red, green and blue of each term in linear light (the fourth lane 0), the constant
    /// first, row by row.
    private let colours: [SIMD4<Float>]

    init(_ hash: BlurHash, punch: Double) {
        columns = hash.componentsX
        rows = hash.componentsY
        let maximum = Double(hash.quantisedMaximum + 1) / 166 * punch
        var colours = [SIMD4<Float>]()
        colours.reserveCapacity(hash.terms.count + 1)
        let linear = SRGBTransfer.linearOfByte
        colours.append(
            SIMD4<Float>(
                SIMD4(linear[hash.constant >> 16], linear[(hash.constant >> 8) & 255], linear[hash.constant & 255], 0)))
        // Each level at most 10³⁰ either way, whatever the punch: the sums of up to 81 of them
        // stay finite in `Float`, and any beyond 1 saturates anyway.
        func level(_ quantised: Int) -> Double {
            let unit = Double(quantised - 9) / 9
            return max(-1e30, min(1e30, (unit < 0 ? -unit * unit : unit * unit) * maximum))
        }
        for term in hash.terms {
            colours.append(SIMD4<Float>(SIMD4(level(term / (19 * 19)), level((term / 19) % 19), level(term % 19), 0)))
        }
        self.colours = colours
    }

    func render(width: Int, height: Int) -> [UInt8] {
        let cosineX = CosineTable.shared.table(length: width, terms: columns, halfOffset: false)
        let cosineY = CosineTable.shared.table(length: height, terms: rows, halfOffset: false)
        let (columns, rows) = (self.columns, self.rows)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, initialized in
            guard let pixels = rgba.baseAddress else { return }
            withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: columns) { terms in
                SRGBTransfer.withEncoder { encoder in
                    colours.withUnsafeBufferPointer { colours in
                        cosineX.withUnsafeBufferPointer { cosineX in
                            cosineY.withUnsafeBufferPointer { cosineY in
                                for y in 0..<height {
                                    for i in 0..<columns { terms[i] = .zero }
                                    for j in 0..<rows {
                                        let basis = cosineY[y &* rows &+ j]
                                        for i in 0..<columns { terms[i] += colours[j &* columns &+ i] * basis }
                                    }
                                    let row = pixels + y &* width &* 4
                                    MirroredRow.forEachPixel(
                                        width: width, halfOffset: false, terms: terms, count: columns,
                                        cosines: cosineX
                                    ) { x, rgb in
                                        let pixel = row + x &* 4
                                        pixel[0] = encoder.byte(ofLinear: Double(rgb[0]))
                                        pixel[1] = encoder.byte(ofLinear: Double(rgb[1]))
                                        pixel[2] = encoder.byte(ofLinear: Double(rgb[2]))
                                        pixel[3] = 255
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
    }
}
