import AttachmentKit
import Foundation
import Testing

@Suite("AttachmentResolver.Policy.rendition(for:among:): the smallest rendition that covers what is shown", .inTurn)
struct RenditionChoiceTests {
    private typealias Fixtures = RenditionFixtures
    private let policy = AttachmentResolver.Policy.default
    private let preview = Fixtures.remote(Fixtures.previewSize, id: "preview")
    private let large = Fixtures.remote(Fixtures.large, id: "photo@1024x768")
    private let extraLarge = Fixtures.remote(Fixtures.extraLarge, id: "photo@2048x1536")
    private let original = Fixtures.remote(Fixtures.original, id: "photo")

    private var chain: [Rendition] { [preview, large, extraLarge, original] }

    private func choice(_ width: CGFloat, _ height: CGFloat, among list: [Rendition]? = nil)
        -> Rendition?
    {
        policy.rendition(for: PixelSize(width: width, height: height), among: list ?? chain)
    }

    @Test("an exact match is chosen, not the next one up")
    func exactMatch() {
        #expect(choice(1024, 768) == large)
        #expect(choice(512, 384) == preview)
        #expect(choice(4032, 3024) == original)
    }

    @Test("a size between two renditions gets the larger; half a pixel of rounding still counts as covered")
    func betweenSizes() {
        #expect(choice(1500, 1125) == extraLarge)
        #expect(choice(1024.4, 768.4) == large)
        #expect(choice(1025, 768) == extraLarge)
        #expect(choice(100, 1000) == extraLarge)  // covers in both dimensions, whatever the aspect
    }

    @Test("larger than every rendition gets the original: the largest, or the one of unknown size")
    func largerThanAll() {
        #expect(choice(8000, 6000) == original)
        let unknownOriginal = Fixtures.remote(.zero, id: "photo")
        #expect(choice(8000, 6000, among: [preview, large, unknownOriginal]) == unknownOriginal)
        #expect(choice(1500, 1125, among: [unknownOriginal, large, preview]) == unknownOriginal)
    }

    @Test("a cell at screen scale 3 needs points x 3 pixels")
    func screenScaleThree() {
        let needed = Fixtures.original.decodeTarget(forViewOfSize: CGSize(width: 120, height: 90), screenScale: 3)
        #expect(needed == PixelSize(width: 360, height: 270))
        #expect(policy.rendition(for: needed, among: chain) == preview)
        let wide = Fixtures.original.decodeTarget(forViewOfSize: CGSize(width: 200, height: 150), screenScale: 3)
        #expect(policy.rendition(for: wide, among: chain) == large)
    }

    @Test("zoom 2.5 in a viewer multiplies the pixels needed")
    func zoomTwoAndAHalf() {
        var viewport = ZoomViewport(
            boundsSize: CGSize(width: 375, height: 667), pixelSize: Fixtures.original, screenScale: 2)
        #expect(viewport.displayedPixelSize == PixelSize(width: 750, height: 562.5))
        #expect(policy.rendition(for: viewport.displayedPixelSize, among: chain) == large)
        viewport.zoom(by: 2.5)
        #expect(viewport.displayedPixelSize == PixelSize(width: 1875, height: 1406.25))
        #expect(policy.rendition(for: viewport.displayedPixelSize, among: chain) == extraLarge)
        let cell = Fixtures.original.decodeTarget(
            forViewOfSize: CGSize(width: 100, height: 100), screenScale: 3, zoom: 2.5)
        #expect(policy.rendition(for: cell, among: chain) == large)
    }

    @Test("the order given does not matter, and duplicate sizes or identities count once, the first given")
    func unsortedAndDuplicates() {
        let sameSize = Fixtures.remote(Fixtures.large, id: "cdn@1024")
        let sameID = Fixtures.remote(PixelSize(width: 1200, height: 900), id: "photo@2048x1536")
        for list in [
            [original, extraLarge, preview, large], [large, preview, original, extraLarge],
            [extraLarge, large, sameSize, original, sameID, preview],
        ] {
            #expect(choice(1024, 768, among: list) == large)
            #expect(choice(1100, 800, among: list) == extraLarge)
            #expect(choice(100, 75, among: list) == preview)
        }
        #expect(choice(1024, 768, among: [sameSize, large]) == sameSize)
    }

    @Test("no renditions give nil; an empty, negative or NaN displayed size gives the smallest")
    func badInput() {
        #expect(choice(1024, 768, among: []) == nil)
        #expect(choice(0, 0) == preview)
        #expect(choice(-5, 300) == preview)
        #expect(choice(.nan, .nan) == preview)
        #expect(choice(.infinity, 10) == preview)  // an infinite dimension is stored as 0
        let nanZoom = Fixtures.original.decodeTarget(
            forViewOfSize: CGSize(width: 200, height: 150), screenScale: 3, zoom: .nan)
        #expect(policy.rendition(for: nanZoom, among: chain) == large)  // NaN zoom counts as 1
        let onlyUnknown = [Fixtures.remote(.zero, id: "a"), Fixtures.remote(PixelSize(width: -1, height: 5), id: "b")]
        #expect(choice(0, 0, among: onlyUnknown)?.part.id == "a")
        #expect(choice(300, 300, among: onlyUnknown)?.part.id == "a")
    }
}
