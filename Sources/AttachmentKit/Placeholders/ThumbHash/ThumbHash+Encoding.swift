import Foundation

extension ThumbHash {
    /// Encodes `width` × `height` RGBA pixels (not premultiplied, row by row, at most
    /// 100 × 100) by the reference algorithm (`rgbaToThumbHash` in evanw/thumbhash).
    ///
    /// - Throws: ``PlaceholderImage/EncodingError`` when a side is outside 1–100 or the buffer is
    ///   not `width * height * 4` bytes.
    public init(encoding rgba: [UInt8], width: Int, height: Int) throws(PlaceholderImage.EncodingError) {
        try PlaceholderImage.EncodingError.check(rgba, width: width, height: height)
        let bytes = ThumbHashEncoder(rgba: rgba, width: width, height: height).encode()
        do {
            try self.init(bytes: bytes)
        } catch {
            preconditionFailure("the encoder wrote an invalid ThumbHash: \(error)")
        }
    }
}

/// The reference encoder: the average colour, the image composited over it in LPQA, the DCT
/// of each channel in a triangle of low frequencies, every value quantised.
private struct ThumbHashEncoder {
    let rgba: [UInt8]
    let width: Int
    let height: Int

    func encode() -> [UInt8] {
        let pixelCount = width * height
        var average = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for pixel in 0..<pixelCount {
            let alpha = Double(rgba[pixel * 4 + 3]) / 255
            average.r += alpha / 255 * Double(rgba[pixel * 4])
            average.g += alpha / 255 * Double(rgba[pixel * 4 + 1])
            average.b += alpha / 255 * Double(rgba[pixel * 4 + 2])
            average.a += alpha
        }
        if average.a > 0 {
            average.r /= average.a
            average.g /= average.a
            average.b /= average.a
        }
        let hasAlpha = average.a < Double(pixelCount)
        let limit = hasAlpha ? 5.0 : 7.0
        let longest = Double(max(width, height))
        let lx = max(1, Self.round(limit * Double(width) / longest))
        let ly = max(1, Self.round(limit * Double(height) / longest))
        var l = [Double](repeating: 0, count: pixelCount)
        var p = l
        var q = l
        var a = l
        for pixel in 0..<pixelCount {
            let alpha = Double(rgba[pixel * 4 + 3]) / 255
            let r = average.r * (1 - alpha) + alpha / 255 * Double(rgba[pixel * 4])
            let g = average.g * (1 - alpha) + alpha / 255 * Double(rgba[pixel * 4 + 1])
            let b = average.b * (1 - alpha) + alpha / 255 * Double(rgba[pixel * 4 + 2])
            l[pixel] = (r + g + b) / 3
            p[pixel] = (r + g) / 2 - b
            q[pixel] = r - g
            a[pixel] = alpha
        }
        let luminance = transform(l, ThumbHashTriangle(columns: max(3, lx), rows: max(3, ly)))
        let yellowBlue = transform(p, .colour)
        let redGreen = transform(q, .colour)
        let isLandscape = width > height
        let header24 =
            Self.round(63 * luminance.constant) | Self.round(31.5 + 31.5 * yellowBlue.constant) << 6
            | Self.round(31.5 + 31.5 * redGreen.constant) << 12 | Self.round(31 * luminance.scale) << 18
            | (hasAlpha ? 1 << 23 : 0)
        let header16 =
            (isLandscape ? ly : lx) | Self.round(63 * yellowBlue.scale) << 3 | Self.round(63 * redGreen.scale) << 9
            | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [
            UInt8(truncatingIfNeeded: header24), UInt8(truncatingIfNeeded: header24 >> 8),
            UInt8(truncatingIfNeeded: header24 >> 16), UInt8(truncatingIfNeeded: header16),
            UInt8(truncatingIfNeeded: header16 >> 8),
        ]
        var channels = [luminance, yellowBlue, redGreen]
        if hasAlpha {
            let alpha = transform(a, .alpha)
            hash.append(UInt8(truncatingIfNeeded: Self.round(15 * alpha.constant) | Self.round(15 * alpha.scale) << 4))
            channels.append(alpha)
        }
        let start = hash.count
        var index = 0
        for channel in channels {
            for value in channel.terms {
                if index & 1 == 0 { hash.append(0) }
                hash[start + (index >> 1)] |= UInt8(truncatingIfNeeded: Self.round(15 * value)) << ((index & 1) << 2)
                index += 1
            }
        }
        return hash
    }

    /// One channel's DCT over `triangle`: the constant term, the varying terms mapped to 0–1
    /// by their largest magnitude, and that magnitude.
    private func transform(
        _ channel: [Double], _ triangle: ThumbHashTriangle
    ) -> (constant: Double, terms: [Double], scale: Double) {
        var constant = 0.0
        var terms: [Double] = []
        var scale = 0.0
        var cosineX = [Double](repeating: 0, count: width)
        for (cx, cy) in triangle.terms {
            for x in 0..<width { cosineX[x] = cos(Double.pi / Double(width) * Double(cx) * (Double(x) + 0.5)) }
            var sum = 0.0
            for y in 0..<height {
                let cosineY = cos(Double.pi / Double(height) * Double(cy) * (Double(y) + 0.5))
                for x in 0..<width { sum += channel[x + y * width] * cosineX[x] * cosineY }
            }
            sum /= Double(width * height)
            if cx > 0 || cy > 0 {
                terms.append(sum)
                scale = max(scale, abs(sum))
            } else {
                constant = sum
            }
        }
        if scale > 0 { terms = terms.map { 0.5 + 0.5 / scale * $0 } }
        return (constant, terms, scale)
    }

    /// JavaScript's `Math.round`: halves up.
    private static func round(_ value: Double) -> Int { Int((value + 0.5).rounded(.down)) }
}
