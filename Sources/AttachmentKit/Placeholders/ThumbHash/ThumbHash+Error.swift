extension ThumbHash {
    /// Why bytes or a string are not a ThumbHash, or can't be decoded at the size asked for.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Fewer bytes than the header needs: 5, or 6 when the header says the image has alpha.
        case tooShort(byteCount: Int, minimum: Int)
        /// The header's coefficient counts call for `expected` bytes, and the hash has `byteCount`.
        case wrongLength(byteCount: Int, expected: Int)
        /// The header's 3-bit luminance count along the short side is outside 1 to `maximum`
        /// (7, or 5 with alpha): no encoder writes it, and it would give a zero or inverted ratio.
        case invalidLuminanceCount(Int, maximum: Int)
        /// The string is not standard base64 (padding optional) of at most
        /// 25 bytes; it holds the first 64 characters.
        case notBase64(String)
        /// The longest side asked for is outside 1 to 256.
        case sizeOutOfRange(Int)

        public var description: String {
            switch self {
            case .tooShort(let count, let minimum): "the ThumbHash has \(count) bytes; its header needs \(minimum)"
            case .wrongLength(let count, let expected):
                "the ThumbHash has \(count) bytes; its header calls for \(expected)"
            case .invalidLuminanceCount(let count, let maximum):
                "the ThumbHash's luminance count is \(count); it must be 1–\(maximum)"
            case .notBase64(let text): "\"\(text)\" is not the base64 of a ThumbHash"
            case .sizeOutOfRange(let side):
                "a placeholder can't be \(side) pixels long; 1–\(PlaceholderImage.maximumDimension) are allowed"
            }
        }
    }
}
