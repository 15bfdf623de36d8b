import Foundation

/// Tolerant comparison of viewport geometry, for values computed by different routes.
enum ViewportTolerance {
    /// Whether `a` and `b` differ by at most `relative` of the larger magnitude (or of 1).
    static func isClose(_ a: CGFloat, _ b: CGFloat, relative: CGFloat = 1e-9) -> Bool {
        abs(a - b) <= relative * max(1, abs(a), abs(b))
    }

    /// Whether both coordinates are close, scaled by `magnitude` (the size of the space the
    /// points live in).
    static func isClose(_ a: CGPoint, _ b: CGPoint, magnitude: CGFloat, relative: CGFloat = 1e-9) -> Bool {
        let limit = relative * max(1, magnitude)
        return abs(a.x - b.x) <= limit && abs(a.y - b.y) <= limit
    }

    /// Whether both dimensions are close.
    static func isClose(_ a: CGSize, _ b: CGSize, relative: CGFloat = 1e-9) -> Bool {
        isClose(a.width, b.width, relative: relative) && isClose(a.height, b.height, relative: relative)
    }
}
