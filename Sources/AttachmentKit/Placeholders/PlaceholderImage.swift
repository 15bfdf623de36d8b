/// A small image decoded from a ThumbHash or a BlurHash, to show blurred in an image's place
/// until its preview is local.
///
/// The pixels are 8-bit RGBA, not premultiplied, row by row from the top, `width * 4` bytes a
/// row. Scale it up to the cell with smooth filtering: it looks the same at any size.
public struct PlaceholderImage: Sendable, Equatable {
    /// The largest width or height a placeholder is decoded at, in pixels: the hashes hold a
    /// few dozen coefficients, and a larger decode only costs time and memory.
    package static let maximumDimension = 256

    /// The width in pixels, 1 to 256.
    public let width: Int
    /// The height in pixels, 1 to 256.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue and alpha of each pixel, row by row.
    public let rgba: [UInt8]
    /// The image's average colour, from the hash's constant term.
    public let averageColor: PlaceholderImage.Color
    /// Width divided by height as a ThumbHash records it (`nil` for a BlurHash, which records
    /// none). It is coarse: a 4:1 image comes back as 3.5 and anything wider than 7:1 as 7, so
    /// lay the image out from its size part and use this only when there is none.
    public let approximateAspectRatio: Double?

    init(width: Int, height: Int, rgba: [UInt8], averageColor: PlaceholderImage.Color, approximateAspectRatio: Double?)
    {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.averageColor = averageColor
        self.approximateAspectRatio = approximateAspectRatio
    }

    /// The bytes of one row.
    package var bytesPerRow: Int { width * 4 }

    /// The red, green, blue and alpha bytes of the pixel at column `x` and row `y` from the
    /// top; `nil` outside the image.
    public func pixel(x: Int, y: Int) -> [UInt8]? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let start = y * bytesPerRow + x * 4
        return Array(rgba[start..<start + 4])
    }
}
