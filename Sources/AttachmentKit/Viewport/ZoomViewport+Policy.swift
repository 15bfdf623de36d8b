import Foundation

extension ZoomViewport {
    /// How a ``ZoomViewport`` chooses its minimum, maximum and initial zoom.
    ///
    /// - ``aspectFit``, the default, is the rule of Apple's photo viewers: the minimum shows the whole
    ///   image, but never more than one image pixel per device pixel, so small images are not
    ///   blown up; the maximum is that native scale. The initial zoom is the minimum.
    /// - ``aspectFill`` covers the bounds at the minimum, cropping the overflow; the initial zoom
    ///   is the minimum.
    /// - ``fixed(minimum:maximum:)`` uses limits you choose, as a scroll view configured in a
    ///   storyboard does; the initial zoom is 1 (one image point per view point), clamped.
    ///
    /// Zoom 1 means one image point per view point, as in `UIScrollView`.
    public struct Policy: Sendable, Equatable, CustomStringConvertible {
        /// The rule behind the minimum.
        enum Rule: Sendable, Hashable {
            case fixed(minimum: CGFloat, maximum: CGFloat)
            case aspectFit
            case aspectFill
        }

        let rule: Rule
        /// Whether images smaller than the bounds are enlarged to fit or fill them.
        let upscalesSmallImages: Bool
        /// The smallest ratio of maximum to minimum zoom; at least 1.
        let guaranteedZoomRange: CGFloat

        private init(rule: Rule, upscalesSmallImages: Bool, guaranteedZoomRange: CGFloat) {
            self.rule = rule
            self.upscalesSmallImages = upscalesSmallImages
            let range = guaranteedZoomRange.isFinite ? guaranteedZoomRange : 1
            self.guaranteedZoomRange = Swift.max(1, range)
        }

        /// The default: minimum = the aspect-fit scale capped at the native
        /// scale (one image pixel per device pixel), maximum = the native scale.
        public static let aspectFit = ZoomViewport.Policy(
            rule: .aspectFit, upscalesSmallImages: false, guaranteedZoomRange: 1)

        /// The aspect-fit rule with options.
        ///
        /// - Parameters:
        ///   - upscalesSmallImages: When `true`, an image smaller than the bounds is enlarged to
        ///     fit them at the minimum, past one image pixel per device pixel. Default `false`.
        ///   - guaranteedZoomRange: The maximum is at least the minimum times this, so that every
        ///     image can be zoomed in (2 lets a small image double in size). Values below 1, NaN
        ///     and infinity count as 1. Default 1.
        public static func aspectFit(upscalesSmallImages: Bool = false, guaranteedZoomRange: CGFloat = 1)
            -> ZoomViewport.Policy
        {
            ZoomViewport.Policy(
                rule: .aspectFit, upscalesSmallImages: upscalesSmallImages, guaranteedZoomRange: guaranteedZoomRange)
        }

        /// Covers the bounds at the minimum zoom (minimum = the larger of the two axis ratios),
        /// enlarging small images to do so; maximum = the native scale, or the minimum when that
        /// is larger.
        public static let aspectFill = ZoomViewport.Policy(
            rule: .aspectFill, upscalesSmallImages: true, guaranteedZoomRange: 1)

        /// The aspect-fill rule with options.
        ///
        /// - Parameters:
        ///   - upscalesSmallImages: When `false`, the minimum is capped at the native scale, so a
        ///     small image stays sharp and does not cover the bounds. Default `true`.
        ///   - guaranteedZoomRange: The maximum is at least the minimum times this. Values below 1,
        ///     NaN and infinity count as 1. Default 1.
        public static func aspectFill(upscalesSmallImages: Bool = true, guaranteedZoomRange: CGFloat = 1)
            -> ZoomViewport.Policy
        {
            ZoomViewport.Policy(
                rule: .aspectFill, upscalesSmallImages: upscalesSmallImages, guaranteedZoomRange: guaranteedZoomRange)
        }

        /// Fixed limits, whatever the image and bounds: the seed's scroll view used 0.2 and 5.
        ///
        /// A maximum below the minimum is raised to it. A limit that is not finite and positive
        /// puts the viewport in its neutral state.
        public static func fixed(minimum: CGFloat, maximum: CGFloat) -> ZoomViewport.Policy {
            ZoomViewport.Policy(
                rule: .fixed(
                    minimum: ViewportMath.positiveFiniteOrZero(minimum),
                    maximum: ViewportMath.positiveFiniteOrZero(maximum)
                ),
                upscalesSmallImages: false, guaranteedZoomRange: 1)
        }

        /// The classic scroll-view photo viewer (Stanford's CS193p Shutterbug, the seed of the
        /// Zooming article): limits 0.2...5, the image shown at zoom 1 — its content size is the
        /// image's size — from the top-left corner. Show a new image with
        /// ``ZoomViewport/showImage(pixelSize:imageScale:)``, which goes back to zoom 1 as the
        /// viewer's `resetImage` did.
        public static let classicViewer = ZoomViewport.Policy.fixed(minimum: 0.2, maximum: 5)

        /// `"aspect fit"`, `"aspect fill, upscaling, zoom range at least 2"` or `"fixed 0.2...5"`.
        public var description: String {
            let name: String
            switch rule {
            case .fixed(let minimum, let maximum):
                return "fixed \(ViewportMath.text(minimum))...\(ViewportMath.text(maximum))"
            case .aspectFit: name = upscalesSmallImages ? "aspect fit, upscaling" : "aspect fit"
            case .aspectFill: name = upscalesSmallImages ? "aspect fill" : "aspect fill, not upscaling"
            }
            return guaranteedZoomRange > 1
                ? "\(name), zoom range at least \(ViewportMath.text(guaranteedZoomRange))" : name
        }

        /// The minimum and maximum zoom for content of `imageSize` points in `boundsSize`, with
        /// `nativeScale` the zoom that shows one image pixel per device pixel; `nil` when a fixed
        /// limit is invalid. Expects positive finite inputs.
        @inline(__always)
        func limits(imageSize: CGSize, boundsSize: CGSize, nativeScale: CGFloat) -> (
            minimum: CGFloat, maximum: CGFloat
        )? {
            let base: CGFloat
            switch rule {
            case .fixed(let minimum, let maximum):
                guard minimum > 0, maximum > 0 else { return nil }
                return (minimum, Swift.max(minimum, maximum))
            case .aspectFit:
                base = Swift.min(boundsSize.width / imageSize.width, boundsSize.height / imageSize.height)
            case .aspectFill:
                base = Swift.max(boundsSize.width / imageSize.width, boundsSize.height / imageSize.height)
            }
            let minimum = upscalesSmallImages ? base : Swift.min(base, nativeScale)
            return (minimum, Swift.max(nativeScale, minimum * guaranteedZoomRange))
        }

        /// Whether the initial zoom is the minimum (aspect fit and fill) rather than 1, and the
        /// initial position the centre rather than the top-left corner.
        var startsAtMinimum: Bool {
            if case .fixed = rule { return false }
            return true
        }
    }
}
