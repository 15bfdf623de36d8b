import Foundation
import Testing

@testable import AttachmentKit

/// Every parser takes the first of two metadata structures, as decoders do, and reads on past
/// the frame header only as far as its format allows.
@Suite("The first of two metadata structures wins in every format", .inTurn)
struct FirstMetadataWinsTests {
    private let inspector = ImageInspector()

    @Test("a JPEG cut after its frame header, before a later Exif segment, still gives its size")
    func jpegCutAfterFrame() throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 6))
        let frame = SyntheticImages.segment(0xC0, SyntheticImages.framePayload(width: 300, height: 200))
        let data = Data([0xFF, 0xD8]) + frame + exif + SyntheticImages.segment(0xDA, Data([1, 1, 0, 0, 63, 0]))
        #expect(try inspector.inspect(data).orientation == .right)
        let cut = try inspector.inspect(data.prefix(2 + frame.count + 10))
        #expect(cut.pixelWidth == 300 && cut.orientation == .up)
    }

    @Test("of two eXIf chunks in a PNG the first wins, as in libpng")
    func pngDuplicateExif() throws {
        let first = SyntheticImages.pngChunk("eXIf", SyntheticImages.exif(orientation: 6))
        let second = SyntheticImages.pngChunk("eXIf", SyntheticImages.exif(orientation: 1))
        #expect(try inspector.inspect(SyntheticImages.png(chunks: [first, second])).orientation == .right)
    }

    @Test("of two acTL chunks in a PNG the first wins")
    func pngDuplicateAnimationControl() throws {
        let frames = SyntheticImages.apng(delays: [(1, 10), (1, 10)], plays: 5)
        // The second acTL goes right after the first (after the signature and IHDR).
        let first = 8 + 25 + 20
        let data = frames.prefix(first) + SyntheticImages.apngControl(frames: 1, plays: 0) + frames.dropFirst(first)
        let animation = try #require(try inspector.inspect(data).animation)
        #expect(animation.loop == .count(5) && animation.frameCount == 2)
    }

    @Test("of two ispe properties of the primary HEIF item the first wins, as in libheif")
    func heifDuplicateSize() throws {
        let data = SyntheticImages.heif(properties: [
            SyntheticImages.ispe(width: 4032, height: 3024), SyntheticImages.ispe(width: 64, height: 48),
        ])
        let header = try inspector.inspect(data)
        #expect(header.pixelWidth == 4032 && header.pixelHeight == 3024)
    }

    @Test("of two pitm boxes the first names the primary item")
    func heifDuplicatePrimaryItem() throws {
        var pitm = ImagingByteWriter()
        pitm.uint16(7)
        let second = SyntheticImages.fullBox("pitm", pitm.data)
        let data = SyntheticImages.heif(
            properties: [SyntheticImages.ispe(width: 640, height: 480)], extraMetaChildren: [second])
        #expect(try inspector.inspect(data).pixelWidth == 640)
    }

    @Test("of two ipco boxes the first holds the properties")
    func heifDuplicatePropertyContainer() throws {
        let ipco = SyntheticImages.box("ipco", SyntheticImages.ispe(width: 16, height: 16))
        let data = SyntheticImages.heif(
            properties: [SyntheticImages.ispe(width: 640, height: 480)],
            extraMetaChildren: [SyntheticImages.box("iprp", ipco)])
        #expect(try inspector.inspect(data).pixelWidth == 640)
    }
}
