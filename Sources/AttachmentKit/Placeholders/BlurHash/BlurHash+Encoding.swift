import Foundation

extension BlurHash {
    /// Encodes `width` × `height` RGBA pixels (row by row, at most 100 × 100; alpha ignored)
    /// with `componentsX` × `componentsY` cosine terms (4 × 3 is usual) by the reference
    /// algorithm (woltapp/blurhash, C `encode.c`).
    ///
    /// - Throws: ``PlaceholderImage/EncodingError`` when a side is outside 1–100, the buffer is not
    ///   `width * height * 4` bytes, or a component count is outside 1–9.
    public init(
        encoding rgba: [UInt8], width: Int, height: Int, componentsX: Int = 4, componentsY: Int = 3
    ) throws(PlaceholderImage.EncodingError) {
        try PlaceholderImage.EncodingError.check(rgba, width: width, height: height)
        guard (1...9).contains(componentsX), (1...9).contains(componentsY) else {
            throw .componentCountOutOfRange(x: componentsX, y: componentsY)
        }
        let text = BlurHashEncoder(rgba: rgba, width: width, height: height).encode(componentsX, componentsY)
        do {
            try self.init(text)
        } catch {
            preconditionFailure("the encoder wrote an invalid BlurHash: \(error)")
        }
    }
}

/// The reference encoder: each term the image's linear light times its cosine, averaged;
/// the largest varying one quantised to 0–82, each term to 19 levels through a signed root.
private struct BlurHashEncoder {
    let rgba: [UInt8]
    let width: Int
    let height: Int

    func encode(_ columns: Int, _ rows: Int) -> String {
        var factors: [[Double]] = []
        for j in 0..<rows {
            for i in 0..<columns {
                let normalisation = i == 0 && j == 0 ? 1.0 : 2.0
                var sum = [0.0, 0.0, 0.0]
                for y in 0..<height {
                    let cosineY = cos(Double.pi * Double(j) * Double(y) / Double(height))
                    for x in 0..<width {
                        let basis = normalisation * cos(Double.pi * Double(i) * Double(x) / Double(width)) * cosineY
                        let pixel = (y * width + x) * 4
                        for channel in 0..<3 {
                            sum[channel] += basis * SRGBTransfer.linearOfByte[Int(rgba[pixel + channel])]
                        }
                    }
                }
                factors.append(sum.map { $0 / Double(width * height) })
            }
        }
        var text: [UInt8] = []
        Base83.encode(columns - 1 + (rows - 1) * 9, length: 1, into: &text)
        let largest = factors.dropFirst().flatMap { $0 }.map(abs).max() ?? 0
        let quantised = factors.count > 1 ? max(0, min(82, Int((largest * 166 - 0.5).rounded(.down)))) : 0
        let maximum = factors.count > 1 ? Double(quantised + 1) / 166 : 1
        Base83.encode(quantised, length: 1, into: &text)
        let dc = factors[0].map { SRGBTransfer.byte(ofLinear: $0) }
        Base83.encode(dc[0] << 16 | dc[1] << 8 | dc[2], length: 4, into: &text)
        for factor in factors.dropFirst() {
            let levels = factor.map { value -> Int in
                let unit = value / maximum
                let root = unit < 0 ? -(-unit).squareRoot() : unit.squareRoot()
                return max(0, min(18, Int((root * 9 + 9.5).rounded(.down))))
            }
            Base83.encode(levels[0] * 19 * 19 + levels[1] * 19 + levels[2], length: 2, into: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
