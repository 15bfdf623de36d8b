import AttachmentKit
import Foundation
import Testing

@Suite("PixelSize.decodeTarget: the size to decode an image to for a view", .inTurn)
struct DecodeTargetTests {
    private let photo = PixelSize(width: 4032, height: 3024)

    @Test("a photo in a square grid cell at 3x decodes to cover the cell's pixels, aspect kept")
    func fillCell() {
        let target = photo.decodeTarget(forViewOfSize: CGSize(width: 100, height: 100), screenScale: 3)
        #expect(target == PixelSize(width: 400, height: 300))
    }

    @Test("fit covers the view in one dimension only")
    func fitViewer() {
        let target = photo.decodeTarget(
            forViewOfSize: CGSize(width: 390, height: 844), screenScale: 3, fit: .fit)
        #expect(target == PixelSize(width: 1170, height: 878))
    }

    @Test("zoom multiplies the pixels needed, and the image's own size is the ceiling")
    func zoomAndCeiling() {
        let zoomed = photo.decodeTarget(forViewOfSize: CGSize(width: 100, height: 100), screenScale: 3, zoom: 2)
        #expect(zoomed == PixelSize(width: 800, height: 600))
        let huge = photo.decodeTarget(forViewOfSize: CGSize(width: 100, height: 100), screenScale: 3, zoom: 100)
        #expect(huge == photo)
    }

    @Test("empty or non-finite inputs give zero or count as neutral, never a crash")
    func degenerate() {
        let cell = CGSize(width: 100, height: 100)
        #expect(PixelSize.zero.decodeTarget(forViewOfSize: cell, screenScale: 3) == .zero)
        #expect(photo.decodeTarget(forViewOfSize: .zero, screenScale: 3) == .zero)
        #expect(photo.decodeTarget(forViewOfSize: cell, screenScale: DisplayScale(.nan)) == .zero)
        #expect(
            photo.decodeTarget(forViewOfSize: CGSize(width: CGFloat.infinity, height: 1), screenScale: 3) == .zero)
        #expect(
            photo.decodeTarget(forViewOfSize: cell, screenScale: 3, zoom: .nan)
                == photo.decodeTarget(forViewOfSize: cell, screenScale: 3))
    }
}
