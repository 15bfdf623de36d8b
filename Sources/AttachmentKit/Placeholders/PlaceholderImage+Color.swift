extension PlaceholderImage {
    /// A colour of a placeholder: sRGB red, green and blue, and alpha, each from 0 to 1, not
    /// premultiplied.
    public struct Color: Sendable, Equatable {
        /// The red component, 0 to 1.
        public let red: Double
        /// The green component, 0 to 1.
        public let green: Double
        /// The blue component, 0 to 1.
        public let blue: Double
        /// The alpha component, 0 (transparent) to 1 (opaque).
        public let alpha: Double

        /// Creates a colour, each component clamped to 0–1 (a non-finite one becomes 0).
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = Self.clamped(red)
            self.green = Self.clamped(green)
            self.blue = Self.clamped(blue)
            self.alpha = Self.clamped(alpha)
        }

        private static func clamped(_ value: Double) -> Double {
            value.isFinite ? min(1, max(0, value)) : 0
        }
    }
}
