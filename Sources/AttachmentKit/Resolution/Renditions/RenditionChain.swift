import Foundation

/// Renditions in the order the choice walks them, smallest first: the rule
/// ``AttachmentResolver/Policy/rendition(for:among:)`` documents.
///
/// Of two with the same part identity, or two of known size with the same pixel size, the first
/// given is kept. Those of known size come by area, smallest first (equal areas in the order
/// given); those of unknown size (an empty ``PixelSize``) come after them, in the order given.
struct RenditionChain {
    /// How far, in pixels, a rendition may fall short of the displayed size and still cover
    /// it: sizes are rounded to whole pixels.
    static let coverTolerance: CGFloat = 0.5

    /// The renditions, smallest first.
    let ordered: [Rendition]
    /// How many of them have a known size: those come first.
    let knownCount: Int

    init(_ renditions: [Rendition]) {
        var seenIDs = Set<PartID>()
        var seenSizes = Set<PixelSize>()
        var known: [(offset: Int, element: Rendition)] = []
        var unknown: [Rendition] = []
        for (offset, rendition) in renditions.enumerated()
        where seenIDs.insert(rendition.part.id).inserted {
            if rendition.pixelSize.isEmpty {
                unknown.append(rendition)
            } else if seenSizes.insert(rendition.pixelSize).inserted {
                known.append((offset, rendition))
            }
        }
        known.sort { lhs, rhs in
            let (left, right) = (Self.area(lhs.element), Self.area(rhs.element))
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        ordered = known.map(\.element) + unknown
        knownCount = known.count
    }

    /// The index of the smallest rendition that covers `displayedPixels` in both
    /// dimensions; when none does, of the first of unknown size, or else of the largest. An empty
    /// displayed size gives the smallest. `nil` when there are none.
    func index(for displayedPixels: PixelSize) -> Int? {
        guard !ordered.isEmpty else { return nil }
        guard !displayedPixels.isEmpty else { return 0 }
        let covering = ordered[..<knownCount].firstIndex { Self.covers($0.pixelSize, displayedPixels) }
        return covering ?? (knownCount < ordered.count ? knownCount : ordered.count - 1)
    }

    /// Whether `size` shows `displayedPixels` at one or more image pixels per device pixel.
    static func covers(_ size: PixelSize, _ displayedPixels: PixelSize) -> Bool {
        size.width + coverTolerance >= displayedPixels.width && size.height + coverTolerance >= displayedPixels.height
    }

    private static func area(_ rendition: Rendition) -> CGFloat {
        rendition.pixelSize.width * rendition.pixelSize.height
    }
}
