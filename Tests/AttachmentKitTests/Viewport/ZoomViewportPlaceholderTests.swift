import Foundation
import Testing

@testable import AttachmentKit

@Suite("ZoomViewport from a placeholder: the original replaces the preview without a jump", .inTurn)
struct ZoomViewportPlaceholderTests {
    let phone = CGSize(width: 375, height: 667)

    /// Every output a view reads from a viewport, as text, so that two can be compared whole.
    static func outputs(_ viewport: ZoomViewport) -> [String] {
        [
            "zoom \(viewport.zoomScale) in \(viewport.minimumZoomScale)...\(viewport.maximumZoomScale)",
            "image size \(viewport.imageSize)", "scaled content \(viewport.scaledContentSize)",
            "inset \(viewport.contentInset)", "offset \(viewport.contentOffset)",
            "offset range \(viewport.minimumContentOffset)...\(viewport.maximumContentOffset)",
            "visible \(viewport.visibleRect)", "frame \(viewport.imageFrame)",
            "at minimum \(viewport.isAtMinimumZoom)", "can zoom \(viewport.canZoom)", "neutral \(viewport.isNeutral)",
        ]
    }

    /// An Atlas photo: a local 512 × 384 preview and a size part for the 4032 × 3024 original.
    func atlasPlaceholder() throws -> PlaceholderSize {
        let parts: [any MessagePart] = [
            LocalPart(id: "original", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload),
            LocalPart(
                id: "preview", mimeType: .imageJPEGPreview,
                content: .data(SyntheticImages.jpeg(width: 512, height: 384))),
            LocalPart(
                id: "size", mimeType: .imageSize, content: .data(Data(#"{"width":4032,"height":3024}"#.utf8))),
        ]
        return try #require(AttachmentResolver().resolve(parts).placeholderSize)
    }

    @Test(
        "laid out from the size part, the preview shows at the original's size, and the original changes no output",
        arguments: [false, true])
    func noJump(afterZooming: Bool) throws {
        var viewport = ZoomViewport(boundsSize: phone, placeholder: try atlasPlaceholder(), screenScale: 3)
        // The preview fills the width from the first frame (not 170 × 128 points).
        #expect(viewport.scaledContentSize == CGSize(width: 375, height: 281.25))
        if afterZooming {
            viewport.zoom(to: 0.2, anchoredAt: CGPoint(x: 100, y: 300))
            viewport.scroll(to: CGPoint(x: 120, y: 40))
        }
        let before = viewport
        viewport.replaceContent(pixelSize: PixelSize(width: 4032, height: 3024), imageScale: 1)
        #expect(viewport == before)
        #expect(Self.outputs(viewport) == Self.outputs(before))
    }

    @Test("the original's own header gives its displayed size, orientation applied")
    func fromOriginalHeader() {
        let placeholder = PlaceholderSize(
            displayedSize: PixelSize(width: 3024, height: 4032), orientation: .right, source: .imageHeader("original"))
        let viewport = ZoomViewport(boundsSize: phone, placeholder: placeholder, screenScale: 2)
        #expect(viewport.pixelSize == PixelSize(width: 3024, height: 4032))
        #expect(viewport.imageScale == 1)
    }

    @Test("with no placeholder the viewport is neutral, and the first size starts it afresh")
    func noPlaceholder() {
        var viewport = ZoomViewport(boundsSize: phone, placeholder: nil, screenScale: 2)
        #expect(viewport.isNeutral)
        viewport.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
        #expect(!viewport.isNeutral)
        #expect(viewport.zoomScale == viewport.minimumZoomScale)
    }

    @Test("the classic viewer: limits 0.2...5, content size = image size at zoom 1, zoom back to 1 on a new image")
    func classicViewer() {
        var viewport = ZoomViewport(
            boundsSize: phone, pixelSize: PixelSize(width: 1000, height: 800), screenScale: 2, policy: .classicViewer)
        #expect(viewport.minimumZoomScale == 0.2)
        #expect(viewport.maximumZoomScale == 5)
        #expect(viewport.zoomScale == 1)
        #expect(viewport.scaledContentSize == viewport.imageSize)
        viewport.zoom(to: 3, anchoredAt: CGPoint(x: 200, y: 200))
        viewport.showImage(pixelSize: PixelSize(width: 640, height: 480))
        #expect(viewport.zoomScale == 1)
        #expect(viewport.contentOffset == viewport.minimumContentOffset)
        #expect(viewport.scaledContentSize == CGSize(width: 640, height: 480))
        #expect(ZoomViewport.Policy.classicViewer == .fixed(minimum: 0.2, maximum: 5))
    }
}
