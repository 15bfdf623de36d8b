/// Generated RGBA images to make placeholder hashes from: gradients, a disc, stripes and
/// transparency, in shapes from 1 × 100 to 100 × 1.
enum PlaceholderTestImages {
    struct Image {
        let name: String
        let width: Int
        let height: Int
        let rgba: [UInt8]
    }

    /// The shapes, square, landscape and portrait, the extreme ones included.
    static let shapes: [(Int, Int)] = [
        (32, 32), (100, 100), (100, 25), (25, 100), (100, 50), (60, 100), (100, 1), (1, 100), (7, 3),
    ]

    /// Every pattern in every shape, opaque and (for the disc and the fade) with alpha.
    static var all: [Image] { shapes.flatMap { width, height in patterns(width: width, height: height) } }

    static func patterns(width: Int, height: Int) -> [Image] {
        [
            make("gradient", width, height) { x, y in
                [x * 255 / max(width - 1, 1), y * 255 / max(height - 1, 1), 128, 255]
            },
            make("disc", width, height) { x, y in
                let dx = Double(x) - Double(width) / 2
                let dy = Double(y) - Double(height) / 2
                let inside = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 5
                return inside ? [230, 40, 60, 255] : [20, 90, 200, 255]
            },
            make("stripes", width, height) { x, y in
                (x / 4 + y / 6) % 2 == 0 ? [250, 250, 240, 255] : [10, 30, 20, 255]
            },
            make("fade", width, height) { x, y in [200, 120, 30, (x + y) * 255 / max(width + height - 2, 1)] },
            make("holes", width, height) { x, y in (x * 7 + y * 3) % 5 == 0 ? [0, 0, 0, 0] : [90, 200, 120, 255] },
        ]
    }

    private static func make(_ name: String, _ width: Int, _ height: Int, _ pixel: (Int, Int) -> [Int]) -> Image {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { rgba += pixel(x, y).map { UInt8(clamping: $0) } }
        }
        return Image(name: "\(name) \(width)x\(height)", width: width, height: height, rgba: rgba)
    }

    /// The largest difference between two equally long byte buffers, or `Int.max` when the
    /// lengths differ.
    static func largestDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        guard lhs.count == rhs.count else { return .max }
        return zip(lhs, rhs).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
