import Foundation

// Written out rather than synthesised: `CGSize` and `CGPoint` are `Hashable` on Apple platforms
// only from iOS 18 / macOS 15 / tvOS 18 / watchOS 11, so a synthesised conformance over them does
// not compile for the deployment targets. `CGFloat` is `Hashable` everywhere.
// Every stored property takes part; `ZoomViewportEqualityTests` fails when one is added and not
// listed here.
extension ZoomViewport {
    /// Whether two viewports have the same inputs and the same geometry.
    public static func == (lhs: ZoomViewport, rhs: ZoomViewport) -> Bool {
        lhs.boundsSize.width == rhs.boundsSize.width && lhs.boundsSize.height == rhs.boundsSize.height
            && lhs.pixelSize == rhs.pixelSize && lhs.imageScale == rhs.imageScale
            && lhs.screenScale == rhs.screenScale && lhs.policy == rhs.policy
            && lhs.imageSize.width == rhs.imageSize.width && lhs.imageSize.height == rhs.imageSize.height
            && lhs.minimumZoomScale == rhs.minimumZoomScale && lhs.maximumZoomScale == rhs.maximumZoomScale
            && lhs.isNeutral == rhs.isNeutral && lhs.zoomScale == rhs.zoomScale
            && lhs.contentOffset.x == rhs.contentOffset.x && lhs.contentOffset.y == rhs.contentOffset.y
    }

    /// Hashes the same values that ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(boundsSize.width)
        hasher.combine(boundsSize.height)
        hasher.combine(pixelSize)
        hasher.combine(imageScale)
        hasher.combine(screenScale)
        hasher.combine(policy)
        hasher.combine(imageSize.width)
        hasher.combine(imageSize.height)
        hasher.combine(minimumZoomScale)
        hasher.combine(maximumZoomScale)
        hasher.combine(isNeutral)
        hasher.combine(zoomScale)
        hasher.combine(contentOffset.x)
        hasher.combine(contentOffset.y)
    }
}
