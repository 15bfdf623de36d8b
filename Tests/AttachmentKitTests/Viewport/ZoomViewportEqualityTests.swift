import AttachmentKit
import Foundation
import Testing

/// `ZoomViewport` and `PlaceholderSize` store CoreGraphics values: two that differ in any input,
/// in their geometry or in what they carry are unequal.
@Suite("Equality of types that store CoreGraphics values", .inTurn)
struct ZoomViewportEqualityTests {
    @Test("viewports that differ in any input or in zoom or offset are unequal")
    func viewportEquality() {
        let photo = ViewportFixtures.photo()
        #expect(photo == ViewportFixtures.photo())
        var zoomed = photo
        zoomed.zoom(to: 0.5)
        var scrolled = zoomed
        scrolled.scroll(to: CGPoint(x: 100, y: 300))
        let others = [
            ViewportFixtures.photo(boundsSize: CGSize(width: 376, height: 667)),
            ViewportFixtures.photo(boundsSize: CGSize(width: 375, height: 668)),
            ViewportFixtures.image(3000, 4001), ViewportFixtures.image(3000, 4000, imageScale: 2),
            ViewportFixtures.image(3000, 4000, screenScale: 3), ViewportFixtures.image(3000, 4000, policy: .aspectFill),
            zoomed, scrolled,
        ]
        expectAllDifferent(others + [photo])
    }

    @Test("placeholder sizes that differ in size, orientation, source, image, video or voice are unequal")
    func placeholderEquality() {
        let size = PlaceholderSize(
            displayedSize: PixelSize(width: 3, height: 4), orientation: .up, source: .sizeMetadata)
        var withImage = size
        withImage.image = try? BlurHash("00TI:j").image(width: 1, height: 1)
        var withVideo = size
        withVideo.video = PlaceholderSize.VideoDetails(duration: 1)
        var withVoice = size
        withVoice.voice = VoiceDetails(duration: 1)
        let others = [
            withImage, withVideo, withVoice,
            PlaceholderSize(displayedSize: PixelSize(width: 4, height: 4), orientation: .up, source: .sizeMetadata),
            PlaceholderSize(displayedSize: PixelSize(width: 3, height: 5), orientation: .up, source: .sizeMetadata),
            PlaceholderSize(displayedSize: PixelSize(width: 3, height: 4), orientation: .right, source: .sizeMetadata),
            PlaceholderSize(displayedSize: PixelSize(width: 3, height: 4), orientation: .up, source: .imageHeader("p")),
        ]
        #expect(
            size
                == PlaceholderSize(
                    displayedSize: PixelSize(width: 3, height: 4), orientation: .up, source: .sizeMetadata)
        )
        expectAllDifferent(others + [size])
    }

    /// Expects every two of `values` to be unequal.
    private func expectAllDifferent<T: Equatable>(_ values: [T], sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, value) in values.enumerated() {
            for other in values[(index + 1)...] { #expect(value != other, sourceLocation: sourceLocation) }
        }
    }
}
