import Foundation

/// An image's size in pixels, as displayed (orientation applied): what a decoder reports, or
/// `UIImage.size` × `UIImage.scale`.
///
/// A distinct type so that a size in points can never be passed where pixels are meant. Before
/// the image is here, a placeholder's, a size part's and a header's ``PlaceholderSize/displayedSize``,
/// ``ImageSizeMetadata/displayedSize`` and ``ImageHeader/displayedSize`` are one; from a decoded
/// image:
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

    /// The zero size, which puts a viewport in its neutral state.
    public static let zero = PixelSize(width: 0, height: 0)

    /// Whether either dimension is 0, so that there is no picture to lay out.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// `"4032 x 3024 px"`.
    public var description: String {
        "\(ViewportMath.text(width)) x \(ViewportMath.text(height)) px"
    }
}
