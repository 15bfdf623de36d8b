import Foundation

/// Turns a checked ThumbHash into RGBA pixels by the reference algorithm (`thumbHashToRGBA`
/// in evanw/thumbhash): the inverse DCT of each channel, LPQ converted to RGB, each byte
/// `255 * min(1, value)` truncated and at least 0.
///
/// The sums are separated by row (the row's cosine folded into each column's term once per
/// row) instead of summed per pixel: the same terms, in another order.
struct ThumbHashRenderer {
    private let header: ThumbHashHeader
    private let luminance: Channel
    private let yellowBlue: Channel
    private let redGreen: Channel
    private let alpha: Channel?

    /// One channel's varying terms, scaled: the columns, rows and values of each.
    private struct Channel {
        var columns: [Int] = []
        var rows: [Int] = []
        var values: [Double] = []
    }

    /// Reads the coefficients of `bytes`, whose header is `header` (length already checked).
    init(header: ThumbHashHeader, bytes: [UInt8]) {
        self.header = header
        var index = 0
        func read(_ triangle: ThumbHashTriangle, scale: Double) -> Channel {
            var channel = Channel()
            for term in triangle.terms.dropFirst() {
                let byte = bytes[header.acStart + (index >> 1)]
                let nibble = (byte >> ((index & 1) << 2)) & 15
                index += 1
                channel.columns.append(term.cx)
                channel.rows.append(term.cy)
                channel.values.append((Double(nibble) / 7.5 - 1) * scale)
            }
            return channel
        }
        // The colour scales are boosted by 1.25 to make up for quantisation, as the reference does.
        luminance = read(
            ThumbHashTriangle(columns: header.luminanceColumns, rows: header.luminanceRows),
            scale: header.luminanceScale)
        yellowBlue = read(.colour, scale: header.yellowBlueScale * 1.25)
        redGreen = read(.colour, scale: header.redGreenScale * 1.25)
        alpha = header.hasAlpha ? read(.alpha, scale: header.alphaScale) : nil
    }

    func render(width: Int, height: Int) -> [UInt8] {
        let columnCount = max(header.luminanceColumns, header.hasAlpha ? 5 : 3)
        let rowCount = max(header.luminanceRows, header.hasAlpha ? 5 : 3)
        var cosineX = [Double](repeating: 0, count: width * columnCount)
        for x in 0..<width {
            for cx in 0..<columnCount {
                cosineX[x * columnCount + cx] = cos(Double.pi / Double(width) * (Double(x) + 0.5) * Double(cx))
            }
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var doubledCosineY = [Double](repeating: 0, count: rowCount)
        var rowTerms = [Double](repeating: 0, count: 4 * columnCount)
        for y in 0..<height {
            for cy in 0..<rowCount {
                doubledCosineY[cy] = cos(Double.pi / Double(height) * (Double(y) + 0.5) * Double(cy)) * 2
            }
            for index in rowTerms.indices { rowTerms[index] = 0 }
            fold(luminance, into: &rowTerms, at: 0, columnCount, doubledCosineY)
            fold(yellowBlue, into: &rowTerms, at: columnCount, columnCount, doubledCosineY)
            fold(redGreen, into: &rowTerms, at: 2 * columnCount, columnCount, doubledCosineY)
            if let alpha { fold(alpha, into: &rowTerms, at: 3 * columnCount, columnCount, doubledCosineY) }
            for x in 0..<width {
                var l = header.luminanceConstant
                var p = header.yellowBlueConstant
                var q = header.redGreenConstant
                var a = header.alphaConstant
                for cx in 0..<columnCount {
                    let fx = cosineX[x * columnCount + cx]
                    l += rowTerms[cx] * fx
                    p += rowTerms[columnCount + cx] * fx
                    q += rowTerms[2 * columnCount + cx] * fx
                    a += rowTerms[3 * columnCount + cx] * fx
                }
                let b = l - 2.0 / 3.0 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                let pixel = (y * width + x) * 4
                rgba[pixel] = Self.byte(r)
                rgba[pixel + 1] = Self.byte(g)
                rgba[pixel + 2] = Self.byte(b)
                rgba[pixel + 3] = Self.byte(a)
            }
        }
        return rgba
    }

    /// Adds each term of `channel` times its row's doubled cosine to its column's slot.
    private func fold(
        _ channel: Channel, into terms: inout [Double], at start: Int, _ columnCount: Int, _ doubledCosineY: [Double]
    ) {
        for index in channel.values.indices {
            terms[start + channel.columns[index]] += channel.values[index] * doubledCosineY[channel.rows[index]]
        }
    }

    /// `255 * min(1, value)`, at least 0, truncated as the reference's `Uint8Array` store does.
    private static func byte(_ value: Double) -> UInt8 {
        let scaled = 255 * min(1, value)
        return scaled > 0 ? UInt8(scaled) : 0
    }
}
