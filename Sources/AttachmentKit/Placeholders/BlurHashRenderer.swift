import Foundation

/// Turns a checked BlurHash into RGBA pixels by the reference algorithm (woltapp/blurhash):
/// the terms to linear light through a signed square, the inverse DCT, back to sRGB.
///
/// The sums are separated by row (each column's terms summed with the row's cosines once per
/// row) instead of summed per pixel: the same terms, in another order.
struct BlurHashRenderer {
    private let columns: Int
    private let rows: Int
    /// Red, green and blue of each term in linear light, the constant first, row by row.
    private let colours: [Double]

    init(_ hash: BlurHash, punch: Double) {
        columns = hash.componentsX
        rows = hash.componentsY
        let maximum = Double(hash.quantisedMaximum + 1) / 166 * punch
        var colours = [
            SRGBTransfer.linearOfByte[hash.constant >> 16], SRGBTransfer.linearOfByte[(hash.constant >> 8) & 255],
            SRGBTransfer.linearOfByte[hash.constant & 255],
        ]
        for term in hash.terms {
            for level in [term / (19 * 19), (term / 19) % 19, term % 19] {
                let unit = Double(level - 9) / 9
                colours.append((unit < 0 ? -unit * unit : unit * unit) * maximum)
            }
        }
        self.colours = colours
    }

    func render(width: Int, height: Int) -> [UInt8] {
        var cosineX = [Double](repeating: 0, count: width * columns)
        for x in 0..<width {
            for i in 0..<columns { cosineX[x * columns + i] = cos(Double.pi * Double(x) * Double(i) / Double(width)) }
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var rowTerms = [Double](repeating: 0, count: columns * 3)
        for y in 0..<height {
            for index in rowTerms.indices { rowTerms[index] = 0 }
            for j in 0..<rows {
                let basisY = cos(Double.pi * Double(y) * Double(j) / Double(height))
                for index in 0..<columns * 3 { rowTerms[index] += colours[j * columns * 3 + index] * basisY }
            }
            for x in 0..<width {
                var red = 0.0
                var green = 0.0
                var blue = 0.0
                for i in 0..<columns {
                    let basis = cosineX[x * columns + i]
                    red += rowTerms[i * 3] * basis
                    green += rowTerms[i * 3 + 1] * basis
                    blue += rowTerms[i * 3 + 2] * basis
                }
                let pixel = (y * width + x) * 4
                rgba[pixel] = SRGBTransfer.fastByte(ofLinear: red)
                rgba[pixel + 1] = SRGBTransfer.fastByte(ofLinear: green)
                rgba[pixel + 2] = SRGBTransfer.fastByte(ofLinear: blue)
            }
        }
        return rgba
    }
}
