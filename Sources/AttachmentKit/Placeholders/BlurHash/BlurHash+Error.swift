extension BlurHash {
    /// Why a string is not a BlurHash, or can't be decoded as asked.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The string has fewer than 6 characters (size, maximum and the 4-character constant).
        case tooShort(characterCount: Int)
        /// The string is longer than 166 characters.
        case tooLong(characterCount: Int)
        /// A character outside the base-83 alphabet, at this offset (in UTF-8 bytes).
        case invalidCharacter(offset: Int)
        /// The first character's component count is over 9 × 9 (its value is 81 or 82).
        case invalidComponentCount(Int)
        /// The component counts call for `expected` characters, and the string has `characterCount`.
        case wrongLength(characterCount: Int, expected: Int)
        /// The constant term is over `0xFFFFFF`, so not an sRGB colour.
        case constantOutOfRange(Int)
        /// A varying term (index from 1) is over `18 * 19² + 18 * 19 + 18`.
        case termOutOfRange(Int, index: Int)
        /// The size asked for is outside 1 to 256 on a side.
        case sizeOutOfRange(width: Int, height: Int)
        /// The contrast factor is not finite and positive.
        case invalidPunch(Double)

        public var description: String {
            switch self {
            case .tooShort(let count): "the BlurHash has \(count) characters; at least 6 are needed"
            case .tooLong(let count):
                "the BlurHash has \(count) characters; at most \(BlurHash.maximumLength) are allowed"
            case .invalidCharacter(let offset): "the BlurHash has a character outside base 83 at offset \(offset)"
            case .invalidComponentCount(let value): "the BlurHash's component count \(value) is over 9 × 9"
            case .wrongLength(let count, let expected):
                "the BlurHash has \(count) characters; its components call for \(expected)"
            case .constantOutOfRange(let value): "the BlurHash's average colour \(value) is over 0xFFFFFF"
            case .termOutOfRange(let value, let index):
                "the BlurHash's term \(index) is \(value); at most 6858 is allowed"
            case .sizeOutOfRange(let width, let height):
                "a placeholder can't be \(width) × \(height); 1–\(PlaceholderImage.maximumDimension) a side are allowed"
            case .invalidPunch(let punch): "the BlurHash contrast \(punch) is not finite and positive"
            }
        }
    }
}
