/// A BlurHash (woltapp/blurhash): an image's placeholder as a short base-83 string of 1 to
/// 9 × 9 cosine terms, as Mastodon, Signal and Matrix clients send it. It records no alpha
/// and no aspect ratio.
///
/// A value is always a valid hash: the initialiser checks the length, every character, the
/// component count and the range of every term, and throws ``BlurHash/Error``, where the
/// reference Swift decoder skips invalid characters.
public struct BlurHash: Sendable, Equatable {
    /// The longest valid hash: 9 × 9 components, 4 + 2 × 81 characters.
    package static let maximumLength = 166
    /// The usual size to decode at, 32 × 32 (scale the result up).
    @usableFromInline package static let usualSide = 32

    /// The hash as sent.
    public let string: String
    /// The count of horizontal cosine terms, 1 to 9.
    public let componentsX: Int
    /// The count of vertical cosine terms, 1 to 9.
    public let componentsY: Int
    /// The quantised largest varying term, 0 to 82.
    let quantisedMaximum: Int
    /// The constant term: the average colour as 24-bit sRGB.
    let constant: Int
    /// The varying terms, each 19³ levels of red, green and blue.
    let terms: [Int]

    /// Checks `string` as a BlurHash.
    ///
    /// - Throws: ``BlurHash/Error`` naming the first problem found.
    public init(_ string: String) throws(BlurHash.Error) {
        let count = string.utf8.count
        guard count <= Self.maximumLength else { throw .tooLong(characterCount: count) }
        guard count >= 6 else { throw .tooShort(characterCount: count) }
        var digits: [Int] = []
        digits.reserveCapacity(count)
        for (offset, byte) in string.utf8.enumerated() {
            let value = Base83.values[Int(byte)]
            guard value >= 0 else { throw .invalidCharacter(offset: offset) }
            digits.append(value)
        }
        guard digits[0] < 81 else { throw .invalidComponentCount(digits[0]) }
        componentsX = digits[0] % 9 + 1
        componentsY = digits[0] / 9 + 1
        let expected = 4 + 2 * componentsX * componentsY
        guard count == expected else { throw .wrongLength(characterCount: count, expected: expected) }
        quantisedMaximum = digits[1]
        constant = digits[2..<6].reduce(0) { $0 * 83 + $1 }
        guard constant <= 0xFF_FFFF else { throw .constantOutOfRange(constant) }
        var terms: [Int] = []
        for index in 1..<componentsX * componentsY {
            let term = digits[4 + 2 * index] * 83 + digits[5 + 2 * index]
            guard term < 19 * 19 * 19 else { throw .termOutOfRange(term, index: index) }
            terms.append(term)
        }
        self.terms = terms
        self.string = string
    }

    /// The image's average colour: the constant term, opaque.
    public var averageColor: PlaceholderImage.Color {
        PlaceholderImage.Color(
            red: Double(constant >> 16) / 255, green: Double((constant >> 8) & 255) / 255,
            blue: Double(constant & 255) / 255, alpha: 1)
    }

    /// The placeholder at `width` × `height` (32 × 32 by default), opaque, each byte within 1
    /// of the reference algorithm's; `punch` above 1 raises the contrast.
    ///
    /// - Throws: ``BlurHash/Error/sizeOutOfRange(width:height:)`` or
    ///   ``BlurHash/Error/invalidPunch(_:)``.
    public func image(
        width: Int = BlurHash.usualSide, height: Int = BlurHash.usualSide, punch: Double = 1
    ) throws(BlurHash.Error) -> PlaceholderImage {
        guard PlaceholderSizeRequest.isValid(width: width, height: height) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        guard punch.isFinite, punch > 0 else { throw .invalidPunch(punch) }
        let rgba = BlurHashRenderer(self, punch: punch).render(width: width, height: height)
        return PlaceholderImage(
            width: width, height: height, rgba: rgba, averageColor: averageColor, approximateAspectRatio: nil)
    }

    /// Whether two hashes are the same string.
    public static func == (lhs: BlurHash, rhs: BlurHash) -> Bool { lhs.string == rhs.string }

    /// Hashes the string.
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}
