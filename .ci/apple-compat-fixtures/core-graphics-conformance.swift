// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation

struct Viewport: Hashable {  // expect: synthesised-cg
    var boundsSize: CGSize
    var offset: CGPoint = .zero
}

public struct Frame: Sendable, Equatable {  // expect: synthesised-cg
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
