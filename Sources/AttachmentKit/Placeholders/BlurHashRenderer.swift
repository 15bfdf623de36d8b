import Foundation

/// Turns a checked BlurHash into RGBA pixels by the reference algorithm (woltapp/blurhash):
/// the terms to linear light through a signed square, the inverse DCT, back to sRGB.
///
/// The sums are separated by row (each column's terms summed with the row's cosines once per
/// row) instead of summed per pixel: the same terms, in another order.
struct BlurHashRenderer {
    private let columns: Int
    private let rows: Int
    /// Red, green and blue of each term in linear light (the fourth lane 0), the constant
    /// first, row by row.
    private let colours: [SIMD4<Double>]

    init(_ hash: BlurHash, punch: Double) {
        columns = hash.componentsX
        rows = hash.componentsY
        let maximum = Double(hash.quantisedMaximum + 1) / 166 * punch
        var colours = [SIMD4<Double>]()
        colours.reserveCapacity(hash.terms.count + 1)
        let linear = SRGBTransfer.linearOfByte
        colours.append(
            SIMD4(linear[hash.constant >> 16], linear[(hash.constant >> 8) & 255], linear[hash.constant & 255], 0))
        func level(_ quantised: Int) -> Double {
            let unit = Double(quantised - 9) / 9
            return (unit < 0 ? -unit * unit : unit * unit) * maximum
        }
        for term in hash.terms {
            colours.append(SIMD4(level(term / (19 * 19)), level((term / 19) % 19), level(term % 19), 0))
        }
        self.colours = colours
    }

    func render(width: Int, height: Int) -> [UInt8] {
        let cosineX = CosineTable.shared.table(length: width, terms: columns, offset: 0)
        let cosineY = CosineTable.shared.table(length: height, terms: rows, offset: 0)
        // Each column's red, green and blue terms for the row side by side (the fourth lane
        // unused): one vector operation does the three channels, each lane in the reference's order.
        var rowTerms = [SIMD4<Double>](repeating: .zero, count: columns)
        let (columns, rows) = (self.columns, self.rows)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, initialized in
            SRGBTransfer.withEncoder { encoder in
                colours.withUnsafeBufferPointer { colours in
                    cosineX.withUnsafeBufferPointer { cosineX in
                        rowTerms.withUnsafeMutableBufferPointer { terms in
                            for y in 0..<height {
                                for index in terms.indices { terms[index] = .zero }
                                for j in 0..<rows {
                                    let basisY = SIMD4(repeating: cosineY[y * rows + j])
                                    for i in 0..<columns { terms[i] += colours[j &* columns &+ i] * basisY }
                                }
                                var pixel = y &* width &* 4
                                for x in 0..<width {
                                    var rgb = SIMD4<Double>.zero
                                    let basis = UnsafeBufferPointer(
                                        rebasing: cosineX[(x &* columns)..<(x &* columns &+ columns)])
                                    for i in 0..<columns { rgb += terms[i] * SIMD4(repeating: basis[i]) }
                                    rgba[pixel] = encoder.byte(ofLinear: rgb[0])
                                    rgba[pixel &+ 1] = encoder.byte(ofLinear: rgb[1])
                                    rgba[pixel &+ 2] = encoder.byte(ofLinear: rgb[2])
                                    rgba[pixel &+ 3] = 255
                                    pixel &+= 4
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
