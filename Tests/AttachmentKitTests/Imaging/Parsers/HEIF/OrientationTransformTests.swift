import Testing

@testable import AttachmentKit

@Suite("Composing HEIF turns and mirrors into an orientation", .inTurn)
struct OrientationTransformTests {
    /// A step, applied to a corner's coordinates (x right, y down, centred on the image).
    private enum Step: CaseIterable {
        case rotateAnticlockwise, mirrorTopBottom, mirrorLeftRight

        func apply(_ point: (Int, Int)) -> (Int, Int) {
            switch self {
            case .rotateAnticlockwise: (point.1, -point.0)
            case .mirrorTopBottom: (point.0, -point.1)
            case .mirrorLeftRight: (-point.0, point.1)
            }
        }

        func apply(to transform: inout OrientationTransform) {
            switch self {
            case .rotateAnticlockwise: transform.rotateAnticlockwise(quarterTurns: 1)
            case .mirrorTopBottom: transform.mirror(mode: 0)
            case .mirrorLeftRight: transform.mirror(mode: 1)
            }
        }
    }

    /// Where the top-left and top-right corners land when displayed with each EXIF orientation.
    private static func corners(of orientation: ImageOrientation) -> [(Int, Int)] {
        let (topLeft, topRight, bottomLeft, bottomRight) = ((-1, -1), (1, -1), (-1, 1), (1, 1))
        switch orientation.exifValue {
        case 1: return [topLeft, topRight]
        case 2: return [topRight, topLeft]
        case 3: return [bottomRight, bottomLeft]
        case 4: return [bottomLeft, bottomRight]
        case 5: return [topLeft, bottomLeft]
        case 6: return [topRight, bottomRight]
        case 7: return [bottomRight, topRight]
        default: return [bottomLeft, topLeft]
        }
    }

    @Test("every sequence of up to four steps gives the orientation that moves the corners the same way")
    func sequences() {
        var sequences: [[Step]] = [[]]
        for _ in 0..<4 { sequences += sequences.flatMap { prefix in Step.allCases.map { prefix + [$0] } } }
        for sequence in sequences {
            var transform = OrientationTransform()
            var corners = [(-1, -1), (1, -1)]
            for step in sequence {
                step.apply(to: &transform)
                corners = corners.map(step.apply)
            }
            let expected = Self.corners(of: transform.orientation)
            #expect(corners.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] }, "\(sequence)")
            #expect(transform.swapsWidthAndHeight == transform.orientation.swapsWidthAndHeight)
        }
    }
}
