import AttachmentKit
import Foundation

/// Seeded random viewports and operations for the viewport property tests: a SplitMix64
/// generator (Steele, Lea and Flood, 2014), so every run sees the same cases and a failure
/// names the seed that reproduces it.
struct ViewportCaseGenerator {
    private var random: SeededRandom

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { random.next() }

    /// A uniform value in `0..<1`.
    mutating func unit() -> CGFloat { CGFloat(next() >> 11) * 0x1p-53 }

    /// A uniform value in `range`.
    mutating func uniform(_ range: ClosedRange<CGFloat>) -> CGFloat {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A value spread evenly over the orders of magnitude of `range` (both bounds positive).
    mutating func logUniform(_ range: ClosedRange<CGFloat>) -> CGFloat {
        let low = log(range.lowerBound)
        return exp(low + unit() * (log(range.upperBound) - low))
    }

    /// An integer in `0..<count`.
    mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: CGFloat) -> Bool { unit() < probability }

    /// A value that breaks geometry: zero, negative, NaN, infinite, or so small or large that
    /// derived values overflow.
    mutating func unusable() -> CGFloat {
        switch index(7) {
        case 0: 0
        case 1: -1
        case 2: -.infinity
        case 3: .infinity
        case 4: .nan
        case 5: 1e-300
        default: 1e300
        }
    }

    /// A dimension in `range` (log-uniform), unusable with probability `unusableRate`.
    mutating func dimension(_ range: ClosedRange<CGFloat>, unusableRate: CGFloat) -> CGFloat {
        chance(unusableRate) ? unusable() : logUniform(range)
    }

    /// A phone-to-desktop bounds size.
    mutating func boundsSize(unusableRate: CGFloat = 0) -> CGSize {
        CGSize(width: dimension(1...3000, unusableRate: unusableRate), height: dimension(1...3000, unusableRate: 0))
    }

    /// A pixel size from 1 × 1 to 100,000 × 100,000.
    mutating func pixelSize(unusableRate: CGFloat = 0) -> PixelSize {
        PixelSize(
            width: dimension(1...100_000, unusableRate: unusableRate), height: dimension(1...100_000, unusableRate: 0))
    }

    /// A scale of 1, 2 or 3, or anything from 0.25 to 4.
    mutating func scale(unusableRate: CGFloat = 0) -> CGFloat {
        if chance(unusableRate) { return unusable() }
        return chance(0.5) ? CGFloat(1 + index(3)) : logUniform(0.25...4)
    }

    /// Any policy, with random options.
    mutating func policy(unusableRate: CGFloat = 0) -> ZoomViewport.Policy {
        switch index(3) {
        case 0:
            return .aspectFit(upscalesSmallImages: chance(0.3), guaranteedZoomRange: chance(0.5) ? 1 : uniform(1...4))
        case 1:
            return .aspectFill(upscalesSmallImages: chance(0.7), guaranteedZoomRange: chance(0.5) ? 1 : uniform(1...4))
        default:
            let minimum = chance(unusableRate) ? unusable() : logUniform(0.01...2)
            return .fixed(minimum: minimum, maximum: minimum * logUniform(0.5...50))
        }
    }

    /// A viewport with random inputs, some of them unusable at `unusableRate`.
    mutating func viewport(unusableRate: CGFloat = 0) -> ZoomViewport {
        ZoomViewport(
            boundsSize: boundsSize(unusableRate: unusableRate), pixelSize: pixelSize(unusableRate: unusableRate),
            imageScale: DisplayScale(scale(unusableRate: unusableRate)),
            screenScale: DisplayScale(scale(unusableRate: unusableRate)), policy: policy(unusableRate: unusableRate))
    }

    /// A view point in or somewhat around the bounds of `viewport`.
    mutating func viewPoint(in viewport: ZoomViewport) -> CGPoint {
        CGPoint(
            x: uniform(-0.25...1.25) * viewport.boundsSize.width, y: uniform(-0.25...1.25) * viewport.boundsSize.height)
    }

    /// A zoom between a quarter of the minimum and four times the maximum of `viewport`.
    mutating func zoomScale(around viewport: ZoomViewport) -> CGFloat {
        logUniform((viewport.minimumZoomScale / 4)...(viewport.maximumZoomScale * 4))
    }
}
