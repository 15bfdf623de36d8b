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
        let cosineX = CosineTable.shared.table(length: width, terms: columnCount, offset: 0.5)
        let doubledCosineY = CosineTable.shared.table(length: height, terms: rowCount, offset: 0.5, scale: 2)
        // Each column's L, P, Q and A terms for the row, side by side: one vector operation
        // does the four channels' multiply and add, each lane in the reference's order. Without
        // alpha its lane stays 0 and its constant 1, so it comes out 1 (255), as in the reference.
        var rowTerms = [SIMD4<Double>](repeating: .zero, count: columnCount)
        let constants = SIMD4(
            header.luminanceConstant, header.yellowBlueConstant, header.redGreenConstant, header.alphaConstant)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, initialized in
            cosineX.withUnsafeBufferPointer { cosineX in
                doubledCosineY.withUnsafeBufferPointer { doubledCosineY in
                    rowTerms.withUnsafeMutableBufferPointer { terms in
                        for y in 0..<height {
                            let cosineY = UnsafeBufferPointer(
                                rebasing: doubledCosineY[(y * rowCount)..<(y * rowCount + rowCount)])
                            for index in terms.indices { terms[index] = .zero }
                            fold(luminance, lane: 0, into: terms, cosineY)
                            fold(yellowBlue, lane: 1, into: terms, cosineY)
                            fold(redGreen, lane: 2, into: terms, cosineY)
                            if let alpha { fold(alpha, lane: 3, into: terms, cosineY) }
                            var pixel = y &* width &* 4
                            for x in 0..<width {
                                var lpqa = constants
                                let basis = UnsafeBufferPointer(
                                    rebasing: cosineX[(x &* columnCount)..<(x &* columnCount &+ columnCount)])
                                for cx in 0..<columnCount { lpqa += terms[cx] * SIMD4(repeating: basis[cx]) }
                                let (l, p, q) = (lpqa[0], lpqa[1], lpqa[2])
                                let b = l - 2.0 / 3.0 * p
                                let r = (3 * l - b + q) / 2
                                let g = r - q
                                // 255 · min(1, value) for the four at once; then at least 0, truncated.
                                let scaled =
                                    255
                                    * SIMD4(r, g, b, lpqa[3]).replacing(with: 1, where: SIMD4(r, g, b, lpqa[3]) .> 1)
                                rgba[pixel] = Self.byte(scaled: scaled[0])
                                rgba[pixel &+ 1] = Self.byte(scaled: scaled[1])
                                rgba[pixel &+ 2] = Self.byte(scaled: scaled[2])
                                rgba[pixel &+ 3] = Self.byte(scaled: scaled[3])
                                pixel &+= 4
                            }
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
    }

    /// Adds each term of `channel` times its row's doubled cosine to lane `lane` of its
    /// column's terms.
    private func fold(
        _ channel: Channel, lane: Int, into terms: UnsafeMutableBufferPointer<SIMD4<Double>>,
        _ doubledCosineY: UnsafeBufferPointer<Double>
    ) {
        for index in channel.values.indices {
            terms[channel.columns[index]][lane] += channel.values[index] * doubledCosineY[channel.rows[index]]
        }
    }

    /// `scaled` (`255 * min(1, value)`), at least 0, truncated as the reference's `Uint8Array`
    /// store does.
    @inline(__always)
    private static func byte(scaled: Double) -> UInt8 {
        scaled > 0 ? UInt8(scaled) : 0
    }
}
