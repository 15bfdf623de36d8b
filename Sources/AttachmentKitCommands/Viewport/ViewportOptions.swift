import AttachmentKit
import Foundation

/// The viewport flags of `attachmentkit resolve`: `--bounds WxH --screen-scale S`, and
/// optionally `--zoom-policy fit|fill|MIN...MAX`.
struct ViewportOptions: Sendable {
    /// The bounds size in points.
    let boundsSize: CGSize
    /// Device pixels per point.
    let screenScale: DisplayScale
    /// The zoom policy; aspect fit unless `--zoom-policy` says otherwise.
    let policy: ZoomViewport.Policy

    /// Removes the viewport flags from `arguments` and validates them; `nil` when none is
    /// given.
    ///
    /// - Throws: ``CommandError/usage(_:)`` for a malformed, zero or negative value, or for
    ///   `--screen-scale` or `--zoom-policy` without `--bounds` and the other way round.
    static func pop(from arguments: inout ArgumentList) throws(CommandError) -> ViewportOptions? {
        let bounds = try arguments.popValue(of: "--bounds")
        let scale = try arguments.popValue(of: "--screen-scale")
        let policy = try arguments.popValue(of: "--zoom-policy")
        guard let bounds else {
            if scale != nil || policy != nil { throw .usage("--screen-scale and --zoom-policy need --bounds WxH") }
            return nil
        }
        guard let scale else {
            throw .usage("--bounds needs --screen-scale S too (device pixels per point, such as 2 or 3)")
        }
        return ViewportOptions(
            boundsSize: try parseBounds(bounds),
            screenScale: DisplayScale(try parsePositive(scale, flag: "--screen-scale")),
            policy: try policy.map(parsePolicy) ?? .aspectFit)
    }

    /// `375x667` as a size in points.
    private static func parseBounds(_ text: String) throws(CommandError) -> CGSize {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = positive(sides[0]), let height = positive(sides[1]) else {
            throw .usage("--bounds needs a width and height above zero in points, such as 375x667, not \"\(text)\"")
        }
        return CGSize(width: width, height: height)
    }

    /// A finite number above zero.
    private static func parsePositive(_ text: String, flag: String) throws(CommandError) -> CGFloat {
        guard let value = positive(text[...]) else {
            throw .usage("\(flag) needs a number above zero, such as 2, not \"\(text)\"")
        }
        return value
    }

    /// `fit`, `fill` or fixed limits `MIN...MAX`.
    private static func parsePolicy(_ text: String) throws(CommandError) -> ZoomViewport.Policy {
        switch text {
        case "fit": return .aspectFit
        case "fill": return .aspectFill
        default:
            // Foundation's `components(separatedBy:)`: the standard library's multi-character
            // `split(separator:)` needs macOS 13 / iOS 16.
            let limits = text.components(separatedBy: "...")
            guard limits.count == 2, let minimum = positive(limits[0][...]), let maximum = positive(limits[1][...]),
                minimum <= maximum
            else {
                throw .usage("--zoom-policy needs fit, fill or fixed limits such as 0.2...5, not \"\(text)\"")
            }
            return .fixed(minimum: minimum, maximum: maximum)
        }
    }

    private static func positive(_ text: Substring) -> CGFloat? {
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return CGFloat(value)
    }
}
