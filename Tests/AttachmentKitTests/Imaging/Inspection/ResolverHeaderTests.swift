import Foundation
import Testing

@testable import AttachmentKit

@Suite("The resolver's placeholder size from image headers", .inTurn)
struct ResolverHeaderTests {
    private func sizePart(_ json: String) -> LocalPart {
        LocalPart(id: "size", mimeType: .imageSize, content: .data(Data(json.utf8)))
    }

    private func remoteOriginal() -> LocalPart {
        LocalPart(id: "original", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload)
    }

    private func preview(_ data: Data) -> LocalPart {
        LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: .data(data))
    }

    @Test("with no size part, the local preview's header gives the placeholder")
    func previewHeader() throws {
        let fixture = try ImagingFixtures.url("jpeg-baseline.jpg")
        let parts: [any MessagePart] = [
            remoteOriginal(), LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: .file(fixture)),
        ]
        let resolution = AttachmentResolver().resolve(parts)
        let size = try #require(resolution.placeholderSize)
        #expect(size.displayedSize == PixelSize(width: 48, height: 32))
        #expect(size.source == .imageHeader("preview"))
        #expect(resolution.imageHeader?.format == .jpeg)
    }

    @Test("a local original's header is preferred, with its own orientation")
    func originalHeader() throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 6))
        let original = LocalPart(
            id: "original", mimeType: .imageJPEG,
            content: .data(SyntheticImages.jpeg(width: 400, height: 300, before: [exif])))
        let resolution = AttachmentResolver().resolve([original, preview(SyntheticImages.jpeg(width: 30, height: 40))])
        let size = try #require(resolution.placeholderSize)
        #expect(size.displayedSize == PixelSize(width: 300, height: 400))
        #expect(size.orientation == .right)
        #expect(size.source == .imageHeader("original"))
    }

    @Test(
        "a size part that agrees with a baked-in preview, as it is or with its already-turned width and height swapped",
        arguments: [#"{"width":4032,"height":3024,"orientation":3}"#, #"{"width":3024,"height":4032,"orientation":3}"#])
    func agreeing(sizeJSON: String) throws {
        let parts: [any MessagePart] = [
            remoteOriginal(), preview(SyntheticImages.jpeg(width: 384, height: 512)), sizePart(sizeJSON),
        ]
        let size = try #require(AttachmentResolver().resolve(parts).placeholderSize)
        #expect(size.displayedSize == PixelSize(width: 3024, height: 4032))
        #expect(size.orientation == .right)
        #expect(size.source == .sizeMetadata)
    }

    @Test("a size part without the orientation takes it from a local original's header")
    func missingOrientation() throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 8))
        let original = LocalPart(
            id: "original", mimeType: .imageJPEG,
            content: .data(SyntheticImages.jpeg(width: 4032, height: 3024, before: [exif])))
        let parts: [any MessagePart] = [original, sizePart(#"{"width":4032,"height":3024}"#)]
        let size = try #require(AttachmentResolver().resolve(parts).placeholderSize)
        #expect(size.displayedSize == PixelSize(width: 3024, height: 4032))
        #expect(size.orientation == .left)
        #expect(size.source == .sizeMetadata)
    }

    @Test("a header of another shape altogether does not override the size part")
    func unrelatedShape() throws {
        let parts: [any MessagePart] = [
            remoteOriginal(), preview(SyntheticImages.jpeg(width: 100, height: 100)),
            sizePart(#"{"width":1600,"height":900}"#),
        ]
        let size = try #require(AttachmentResolver().resolve(parts).placeholderSize)
        #expect(size.displayedSize == PixelSize(width: 1600, height: 900))
    }

    @Test("a malformed size part falls back to the header and is still reported")
    func malformedSizePart() throws {
        let parts: [any MessagePart] = [
            remoteOriginal(), preview(SyntheticImages.jpeg(width: 512, height: 288)), sizePart(#"{"width":"wide"}"#),
        ]
        let resolution = AttachmentResolver().resolve(parts)
        #expect(resolution.sizeMetadataError == .notANumber(key: "width"))
        #expect(resolution.placeholderSize?.displayedSize == PixelSize(width: 512, height: 288))
        #expect(resolution.placeholderSize?.source == .imageHeader("preview"))
    }

    @Test("a preview that is not an image is reported, and the size part still gives the placeholder")
    func notAnImagePreview() {
        let parts: [any MessagePart] = [
            remoteOriginal(), preview(Data("<html>error</html>".utf8)), sizePart(#"{"width":10,"height":20}"#),
        ]
        let resolution = AttachmentResolver().resolve(parts)
        #expect(resolution.imageHeaderError == .notAnImage(.html))
        #expect(resolution.imageHeader == nil)
        #expect(resolution.placeholderSize?.displayedSize == PixelSize(width: 10, height: 20))
    }

    @Test("with nothing local there is no placeholder and no header")
    func nothingLocal() {
        let resolution = AttachmentResolver().resolve([remoteOriginal()])
        #expect(resolution.placeholderSize == nil)
        #expect(resolution.imageHeader == nil && resolution.imageHeaderError == nil)
    }

    @Test("aspects agree within a pixel of rounding, even for long thin previews, or within 2 %")
    func tolerance() {
        #expect(
            PlaceholderSizeReader.sameAspect(PixelSize(width: 4000, height: 2251), PixelSize(width: 512, height: 288)))
        #expect(
            PlaceholderSizeReader.sameAspect(PixelSize(width: 200, height: 5000), PixelSize(width: 20, height: 512)))
        #expect(!PlaceholderSizeReader.sameAspect(PixelSize(width: 4, height: 3), PixelSize(width: 3, height: 4)))
        // More than a pixel apart but within the 2 % tolerance: the same picture; 3 % apart is not.
        #expect(
            PlaceholderSizeReader.sameAspect(PixelSize(width: 1000, height: 1000), PixelSize(width: 500, height: 510)))
        #expect(
            !PlaceholderSizeReader.sameAspect(PixelSize(width: 1000, height: 1000), PixelSize(width: 500, height: 515)))
    }
}
