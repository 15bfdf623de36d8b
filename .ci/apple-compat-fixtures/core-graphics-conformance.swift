// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation

struct Viewport: Hashable {  // expect: synthesised-cg
    var boundsSize: CGSize
    var offset: CGPoint = .zero
}

/// Equatable alone: CGRect is Equatable on every OS version, so this is fine.
public struct Frame: Sendable, Equatable {
    public let rect: CGRect
}

enum Layout: Hashable {  // expect: synthesised-cg
    case fixed(CGSize)
    case automatic
}

struct HalfWritten: Hashable {  // expect: synthesised-cg
    var size: CGSize
    static func == (lhs: HalfWritten, rhs: HalfWritten) -> Bool { lhs.size.width == rhs.size.width }
}

/// Written by hand over the CGFloat components: fine.
struct Placeholder: Hashable {
    var size: CGSize
}

extension Placeholder {
    static func == (lhs: Placeholder, rhs: Placeholder) -> Bool {
        lhs.size.width == rhs.size.width && lhs.size.height == rhs.size.height
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size.width)
        hasher.combine(size.height)
    }
}

/// Only computes a CGSize: nothing stored, nothing synthesised over it.
struct Metadata: Hashable {
    var width: Double
    var size: CGSize { CGSize(width: width, height: width) }
}

/// Hashable added in an extension, over a stored CGPoint.
struct Anchor {
    var point: CGPoint
}

extension Anchor: Hashable {}  // expect: synthesised-cg

struct TwoSizes: Hashable {  // expect: synthesised-cg
    var a, b: CGSize
}

struct SplitDeclaration: Hashable {  // expect: synthesised-cg
    var frame:
        CGRect
}

struct SecondOnTheLine: Hashable {  // expect: synthesised-cg
    var scale: Double; var size: CGSize
}

/// A static CGSize is not stored in the value: fine.
struct Defaults: Hashable {
    static let size = CGSize(width: 1, height: 1)
    var name: String
}
