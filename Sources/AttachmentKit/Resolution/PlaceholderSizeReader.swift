import Foundation

/// Works out a message's placeholder size from its size part and the header of a local image
/// part, reconciling the two: the rule ``AttachmentResolver/resolve(_:)`` documents.
struct PlaceholderSizeReader {
    /// What the reader found.
    struct Outcome {
        var placeholderSize: PlaceholderSize?
        var imageHeader: ImageHeader?
        var imageHeaderError: ImageInspector.Error?
        /// Why a voice message's size part could not be read.
        var sizePartError: ImageSizeMetadata.Error?
    }

    /// How far apart two aspect ratios may be and still describe the same picture: previews are
    /// scaled and rounded to whole pixels.
    static let aspectTolerance = 0.02

    var inspector = ImageInspector()

    /// Reads the header of the original part when it is local (its header carries the
    /// original's own orientation), otherwise of the preview, and combines it with `metadata`.
    func read(
        metadata: ImageSizeMetadata?, preview: (any MessagePart)?, original: (any MessagePart)?
    ) -> Outcome {
        var outcome = Outcome()
        var headerPart: (any MessagePart)?
        // The preview is tried after the original unless it is the same part.
        let distinctPreview = preview.flatMap { $0.id == original?.id ? nil : $0 }
        for part in [original, distinctPreview].compactMap({ $0 }) {
            guard headerPart == nil, let content = part.availableContent else { continue }
            do {
                outcome.imageHeader = try inspector.inspect(content)
                outcome.imageHeaderError = nil
                headerPart = part
            } catch {
                if outcome.imageHeaderError == nil { outcome.imageHeaderError = error }
            }
        }
        outcome.placeholderSize = Self.placeholder(
            metadata: metadata, header: outcome.imageHeader.flatMap { header in headerPart.map { (header, $0.id) } },
            headerIsOriginal: headerPart?.id == original?.id)
        return outcome
    }

    /// The placeholder that a size part's metadata and the header of the image part `header.partID`
    /// give together: the size part's reconciled with the header when there are both, either
    /// one alone, `nil` with neither.
    static func placeholder(
        metadata: ImageSizeMetadata?, header: (header: ImageHeader, partID: PartID)?, headerIsOriginal: Bool
    ) -> PlaceholderSize? {
        var size = size(metadata: metadata, header: header, headerIsOriginal: headerIsOriginal)
        size?.image = metadata?.placeholderImage()
        return size
    }

    private static func size(
        metadata: ImageSizeMetadata?, header: (header: ImageHeader, partID: PartID)?, headerIsOriginal: Bool
    ) -> PlaceholderSize? {
        switch (metadata, header) {
        case (let metadata?, let header?):
            reconcile(metadata, with: header.header, headerIsOriginal: headerIsOriginal)
        case (let metadata?, nil):
            PlaceholderSize(
                displayedSize: metadata.displayedSize, orientation: metadata.orientation, source: .sizeMetadata)
        case (nil, let header?):
            PlaceholderSize(
                displayedSize: header.header.displayedSize, orientation: header.header.orientation,
                source: .imageHeader(header.partID))
        case (nil, nil):
            nil
        }
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
        let turned = PixelSize(width: declared.height, height: declared.width)
        let shown = header.displayedSize
        let size = !sameAspect(declared, shown) && sameAspect(turned, shown) ? turned : declared
        return PlaceholderSize(displayedSize: size, orientation: orientation, source: .sizeMetadata)
    }

    /// Whether `size` scaled to `other`'s width (or height) is within a pixel or
    /// ``aspectTolerance`` of `other`'s height (or width).
    static func sameAspect(_ size: PixelSize, _ other: PixelSize) -> Bool {
        func close(_ value: Double, _ target: Double) -> Bool {
            abs(value - target) <= max(1, aspectTolerance * target)
        }
        return close(size.height * other.width / size.width, other.height)
            || close(size.width * other.height / size.height, other.width)
    }
}
