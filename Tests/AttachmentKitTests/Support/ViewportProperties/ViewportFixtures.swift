import AttachmentKit
import Foundation

/// The viewports of the worked values: a 375 × 667 point phone at screen scale 2.
enum ViewportFixtures {
    /// The phone's bounds in portrait.
    static let phone = CGSize(width: 375, height: 667)

    /// The phone's bounds in landscape.
    static let landscapePhone = CGSize(width: 667, height: 375)

    /// An image of `width` × `height` pixels on the phone (or `boundsSize`), at screen scale 2.
    static func image(
        _ width: CGFloat, _ height: CGFloat, boundsSize: CGSize = phone, imageScale: DisplayScale = 1,
        screenScale: DisplayScale = 2, policy: ZoomViewport.Policy = .aspectFit
    ) -> ZoomViewport {
        ZoomViewport(
            boundsSize: boundsSize, pixelSize: PixelSize(width: width, height: height), imageScale: imageScale,
            screenScale: screenScale, policy: policy)
    }

    /// The worked 3000 × 4000 photo: zoom 0.125...0.5, centred with 83.5 above and below.
    static func photo(boundsSize: CGSize = phone) -> ZoomViewport {
        image(3000, 4000, boundsSize: boundsSize)
    }
}
