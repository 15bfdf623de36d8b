import Foundation

extension RenditionChain {
    /// A resolved message's renditions, smallest first: the rule
    /// ``AttachmentResolver/Resolution/renditions`` documents.
    ///
    /// The offered renditions are the original part's; one with the preview's identity
    /// gives the preview's size when its header did not, one with the original's identity is
    /// ignored, and those that the preview already covers, or that cover the original, are left
    /// out (they would never be worth a download).
    static func renditions(of resolution: AttachmentResolver.Resolution) -> [Rendition] {
        let preview = resolution.usesOnePartForBothRoles ? nil : resolution.preview
        guard let original = resolution.original else {
            return preview.map { [Rendition(pixelSize: headerSize(ofPreviewIn: resolution), part: $0)] } ?? []
        }
        let originalSize = pixelSize(ofOriginalIn: resolution)
        guard original.availableContent == nil else {
            return [Rendition(pixelSize: originalSize, part: original)]
        }
        let offered = RenditionChain(original.renditions.filter { $0.part.id != original.id }).ordered
        var previewSize = headerSize(ofPreviewIn: resolution)
        if let preview, previewSize.isEmpty,
            let described = offered.first(where: { $0.part.id == preview.id })
        {
            previewSize = described.pixelSize
        }
        let between = offered.filter { rendition in
            let size = rendition.pixelSize
            return rendition.part.id != preview?.id && !size.isEmpty
                && (previewSize.isEmpty || !covers(previewSize, size))
                && (originalSize.isEmpty || !covers(size, originalSize))
        }
        var chain: [Rendition] = []
        if let preview, !previewSize.isEmpty {
            chain.append(Rendition(pixelSize: previewSize, part: preview))
        }
        return chain + between + [Rendition(pixelSize: originalSize, part: original)]
    }

    /// The original's displayed size when the placeholder is the original's (from the size part
    /// or the original's header); zero otherwise.
    private static func pixelSize(ofOriginalIn resolution: AttachmentResolver.Resolution) -> PixelSize {
        guard let placeholder = resolution.placeholderSize else { return .zero }
        switch placeholder.source {
        case .sizeMetadata: return placeholder.displayedSize
        case .imageHeader(let partID), .videoHeader(let partID):
            return partID == resolution.original?.id ? placeholder.displayedSize : .zero
        }
    }

    /// The preview's displayed size when the header the resolver read is the preview's (the
    /// original is not local and the preview is); zero otherwise.
    private static func headerSize(ofPreviewIn resolution: AttachmentResolver.Resolution) -> PixelSize {
        guard let header = resolution.imageHeader, resolution.original?.availableContent == nil,
            resolution.preview?.availableContent != nil
        else { return .zero }
        return PixelSize(width: header.displayedSize.width, height: header.displayedSize.height)
    }
}
