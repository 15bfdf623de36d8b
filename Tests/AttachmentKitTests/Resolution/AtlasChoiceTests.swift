import Foundation
import Testing

@testable import AttachmentKit

/// The two choices a wrong line turns into a wait elsewhere, checked directly and synchronously:
/// Atlas's preview is the `image/jpeg+preview` part, never the original, and the rendition for a
/// displayed size is the smallest that covers it, never a larger one.
@Suite("The choices, directly: Atlas's preview part, and the smallest rendition that covers a size", .inTurn)
struct AtlasChoiceTests {
    private typealias Fixtures = RenditionFixtures

    @Test("of image/jpeg and image/jpeg+preview, in either order, the preview is the +preview part")
    func atlasPreviewIsThePreviewPart() {
        let original = PartFactory.remote("original", .imageJPEG)
        let preview = PartFactory.remote("preview", .imageJPEGPreview)
        for parts in [[original, preview], [preview, original]] as [[any MessagePart]] {
            let resolution = AttachmentResolver().resolve(parts)
            #expect(resolution.preview?.id == "preview")
            #expect(resolution.original?.id == "original")
            #expect(!resolution.usesOnePartForBothRoles)
        }
        let jpegFirst = AttachmentResolver.Policy.default.chains.first?.preview.first
        #expect(jpegFirst == .imageJPEGPreview, "Atlas's first chain tries image/jpeg+preview first")
    }

    @Test("the smallest rendition that covers the size is chosen, in any order, however many larger ones cover it too")
    func smallestCoveringRendition() {
        let sizes = [Fixtures.extraLarge, Fixtures.original, Fixtures.large, Fixtures.previewSize]
        let renditions = sizes.map { size in
            Rendition(pixelSize: size, part: PartFactory.remote(PartID("\(Int(size.width))"), .imageJPEG))
        }
        let cases: [(PixelSize, CGFloat)] = [
            (PixelSize(width: 500, height: 300), 512), (RenditionMessage.largeCell, 1024),
            (Fixtures.large, 1024), (RenditionMessage.largerCell, 2048), (RenditionMessage.wholeScreen, 4032),
        ]
        for (displayed, expectedWidth) in cases {
            for order in [renditions, renditions.reversed()] {
                let chosen = AttachmentResolver.Policy.default.rendition(for: displayed, among: Array(order))
                #expect(chosen?.pixelSize.width == expectedWidth, "for \(displayed)")
            }
        }
    }

    @Test("the fetch order for a size starts at the smallest covering rendition and climbs to the original")
    func fetchOrderClimbs() {
        let message = RenditionMessage()
        let resolution = AttachmentResolver().resolve(message.parts)
        let order = RenditionChain.originalOrder(
            in: resolution, displayedPixels: RenditionMessage.largeCell, previewIsShown: { true }
        ).map(\.id)
        #expect(order == [message.large.1.id, message.extraLarge.1.id, message.original.id])
    }
}
