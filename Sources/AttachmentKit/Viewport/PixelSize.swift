import Foundation

/// An image's size in pixels, as displayed (orientation applied): what a decoder reports, or
/// `UIImage.size` × `UIImage.scale`.
///
/// A distinct type so that a size in points can never be passed where pixels are meant. Build
/// one from the size part before the image is here (``init(displayedSizeOf:)-(PlaceholderSize)``),
/// or from a decoded image:
///
/// ```swift
/// let pixels = PixelSize(width: image.size.width * image.scale, height: image.size.height * image.scale)
/// ```
///
/// A dimension that is negative, NaN or infinite is stored as 0; a ``ZoomViewport`` given a
/// size with a zero dimension is in its neutral state.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels; 0 when it was given as negative, NaN or infinite.
    public let width: CGFloat
    /// The height in pixels; 0 when it was given as negative, NaN or infinite.
    public let height: CGFloat

    /// Creates a size of `width` × `height` pixels.
    public init(width: CGFloat, height: CGFloat) {
        self.width = ViewportMath.positiveFiniteOrZero(width)
        self.height = ViewportMath.positiveFiniteOrZero(height)
    }

    /// The displayed size a resolution's placeholder carries: the size part's pixels with the
    /// orientation applied. Use it to lay a viewer out at the full image's size before the full
    /// image is here.
    public init(displayedSizeOf placeholder: PlaceholderSize) {
        self.init(width: placeholder.displayedSize.width, height: placeholder.displayedSize.height)
    }

    /// The displayed size a size part describes: its pixels with the orientation applied.
    public init(displayedSizeOf metadata: ImageSizeMetadata) {
        self.init(width: metadata.displayedSize.width, height: metadata.displayedSize.height)
    }

    /// The zero size, which puts a viewport in its neutral state.
    public static let zero = PixelSize(width: 0, height: 0)

    /// Whether either dimension is 0, so that there is no picture to lay out.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// `"4032 x 3024 px"`.
    public var description: String {
        "\(ViewportMath.text(width)) x \(ViewportMath.text(height)) px"
    }
}
