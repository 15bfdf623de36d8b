import Foundation

/// Works out a message's placeholder size from its size part and the header of a local image
/// part, reconciling the two: the rule ``AttachmentResolver/resolve(_:)`` documents.
struct PlaceholderSizeReader {
    /// What the reader found.
    struct Outcome {
        var placeholderSize: PlaceholderSize?
        var imageHeader: ImageHeader?
        var imageHeaderError: ImageInspectionError?
    }

    /// How far apart two aspect ratios may be and still describe the same picture: previews are
    /// scaled and rounded to whole pixels.
    static let aspectTolerance = 0.02

    var inspector = ImageInspector()

    /// Reads the header of the full-resolution part when it is local (its header carries the
    /// original's own orientation), otherwise of the preview, and combines it with `metadata`.
    func read(
        metadata: ImageSizeMetadata?, preview: (any MessagePart)?, fullResolution: (any MessagePart)?
    ) -> Outcome {
        var outcome = Outcome()
        var headerPart: (any MessagePart)?
        // The preview is tried after the original unless it is the same part.
        let distinctPreview = preview.flatMap { $0.id == fullResolution?.id ? nil : $0 }
        for part in [fullResolution, distinctPreview].compactMap({ $0 }) {
            guard headerPart == nil, let content = part.availableContent else { continue }
            do {
                outcome.imageHeader = try inspector.inspect(content)
                outcome.imageHeaderError = nil
                headerPart = part
            } catch {
                if outcome.imageHeaderError == nil { outcome.imageHeaderError = error }
            }
        }
        switch (metadata, outcome.imageHeader, headerPart) {
        case (let metadata?, let header?, let part?):
            outcome.placeholderSize = Self.reconcile(
                metadata, with: header, headerIsOriginal: part.id == fullResolution?.id)
        case (let metadata?, _, _):
            outcome.placeholderSize = PlaceholderSize(
                displayedSize: metadata.displayedSize, orientation: metadata.orientation, source: .sizeMetadata)
        case (nil, let header?, let part?):
            outcome.placeholderSize = PlaceholderSize(
                displayedSize: header.displayedSize, orientation: header.orientation, source: .imageHeader(part.id))
        default:
            break
        }
        return outcome
    }

    /// The size part's placeholder, checked against a header: the size part's displayed size
    /// when its aspect agrees with the header's displayed aspect, its width and height swapped
    /// when only that agrees (the size part's width and height were already turned), and the
    /// size part's own otherwise. The orientation is the original's header's when the header
    /// is the original's, the size part's otherwise (a preview's pixels are already turned).
    static func reconcile(
        _ metadata: ImageSizeMetadata, with header: ImageHeader, headerIsOriginal: Bool
    ) -> PlaceholderSize {
        let orientation = headerIsOriginal ? header.orientation : metadata.orientation
        let declared = metadata.displayedSize
        let turned = CGSize(width: declared.height, height: declared.width)
        let shown = header.displayedSize
        let size = !sameAspect(declared, shown) && sameAspect(turned, shown) ? turned : declared
        return PlaceholderSize(displayedSize: size, orientation: orientation, source: .sizeMetadata)
    }

    /// Whether `size` scaled to `other`'s width (or height) is within a pixel or
    /// ``aspectTolerance`` of `other`'s height (or width).
    static func sameAspect(_ size: CGSize, _ other: CGSize) -> Bool {
        func close(_ value: Double, _ target: Double) -> Bool {
            abs(value - target) <= max(1, aspectTolerance * target)
        }
        return close(size.height * other.width / size.width, other.height)
            || close(size.width * other.height / size.height, other.width)
    }
}
