extension PlaceholderImage {
    /// Why an RGBA buffer can't be encoded as a placeholder hash.
    public enum EncodingError: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A side is outside 1 to 100 pixels: make a thumbnail
        /// first (on Apple platforms, ImageIO's `kCGImageSourceThumbnailMaxPixelSize` of 100).
        case sizeOutOfRange(width: Int, height: Int)
        /// The buffer is not `width * height * 4` bytes.
        case wrongByteCount(Int, expected: Int)
        /// A BlurHash component count is outside 1 to 9.
        case componentCountOutOfRange(x: Int, y: Int)

        /// The longest side an encoder takes, as in the references: more costs time and adds nothing.
        package static let maximumSide = 100

        public var description: String {
            switch self {
            case .sizeOutOfRange(let width, let height):
                "a \(width) × \(height) image can't be hashed; 1–\(Self.maximumSide) pixels a side are allowed"
            case .wrongByteCount(let count, let expected):
                "the RGBA buffer has \(count) bytes; \(expected) were expected"
            case .componentCountOutOfRange(let x, let y): "a BlurHash can't have \(x) × \(y) components; 1–9 a side"
            }
        }

        /// Checks `rgba` as `width` × `height` RGBA pixels an encoder takes.
        static func check(_ rgba: [UInt8], width: Int, height: Int) throws(PlaceholderImage.EncodingError) {
            guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
                throw .sizeOutOfRange(width: width, height: height)
            }
            guard rgba.count == width * height * 4 else {
                throw .wrongByteCount(rgba.count, expected: width * height * 4)
            }
        }
    }
}
