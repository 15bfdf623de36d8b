import AttachmentKit
import Foundation
import Testing

/// `ZoomViewport` and `PlaceholderSize` write `==` and `hash(into:)` by hand (CoreGraphics
/// values are not `Hashable` on Apple platforms before iOS 18): these tests fail when a stored
/// property is added and left out, or when one that is listed is compared wrongly.
@Suite("Equality of types that store CoreGraphics values", .inTurn)
struct ZoomViewportEqualityTests {
    @Test("the hand-written == and hash(into:) cover every stored property of ZoomViewport")
    func viewportPropertyCount() {
        // Update the == and hash(into:) in ZoomViewport.swift when this count changes.
        #expect(Mirror(reflecting: ViewportFixtures.photo()).children.count == 11)
    }

    @Test("viewports that differ in any input or in zoom or offset are unequal; equal ones hash alike")
    func viewportEquality() {
        let photo = ViewportFixtures.photo()
        #expect(photo == ViewportFixtures.photo())
        #expect(photo.hashValue == ViewportFixtures.photo().hashValue)
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
        for other in others { #expect(other != photo) }
        #expect(scrolled != zoomed)
        #expect(Set(others + [photo]).count == others.count + 1)
    }

    @Test("the hand-written == and hash(into:) cover every stored property of PlaceholderSize")
    func placeholderEquality() {
        let size = PlaceholderSize(
            displayedSize: CGSize(width: 3, height: 4), orientation: .up, source: .sizeMetadata)
        #expect(Mirror(reflecting: size).children.count == 6)
        var withImage = size
        withImage.image = try? BlurHash("00TI:j").image(width: 1, height: 1)
        var withVideo = size
        withVideo.video = PlaceholderSize.VideoDetails(duration: 1)
        var withVoice = size
        withVoice.voice = VoiceDetails(duration: 1)
        let others = [
            withImage, withVideo, withVoice,
            PlaceholderSize(displayedSize: CGSize(width: 4, height: 4), orientation: .up, source: .sizeMetadata),
            PlaceholderSize(displayedSize: CGSize(width: 3, height: 5), orientation: .up, source: .sizeMetadata),
            PlaceholderSize(displayedSize: CGSize(width: 3, height: 4), orientation: .right, source: .sizeMetadata),
            PlaceholderSize(displayedSize: CGSize(width: 3, height: 4), orientation: .up, source: .imageHeader("p")),
        ]
        #expect(
            size == PlaceholderSize(displayedSize: CGSize(width: 3, height: 4), orientation: .up, source: .sizeMetadata)
        )
        for other in others { #expect(other != size) }
        #expect(Set(others + [size]).count == others.count + 1)
    }
}
