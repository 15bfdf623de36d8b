import Foundation
import Testing

@testable import AttachmentKit

/// Files whose lengths, offsets or crop values add up past 2³¹ − 1, where a 32-bit `Int`
/// (Apple Watch's arm64_32) overflows: each trapped there before. Here, with a 64-bit `Int`,
/// they pin the outcome; `.ci/embedded32` reads the same files with a 32-bit `Int`.
@Suite("Sums past 2^31 in image headers", .inTurn)
struct ThirtyTwoBitSumTests {
    /// The outcome a 32-bit `Int` must give where it can't hold the chunk's end (an offset of
    /// 2³¹ or more), and the one a 64-bit `Int` gives.
    private static func endPastTheInput(offset: Int) -> ImageInspector.Error {
        #if _pointerBitWidth(_32)
        .oversizedField(.png, field: "chunk length", value: 0x7FFF_FFFF)
        #else
        .truncated(.png, offset: offset)
        #endif
    }

    @Test("a PNG eXIf chunk of length 2^31 - 1 (41 bytes in all) is reported truncated, not a trap")
    func pngChunkLength() throws {
        let data = try ImagingFixtures.data("Hostile/png-exif-length-2g.png")
        #expect(data.count == 41)
        #expect(throws: Self.endPastTheInput(offset: 33 + 12 + 0x7FFF_FFFF)) { try ImageInspector().inspect(data) }
    }

    @Test("a TIFF IFD offset near 2^31 inside a PNG eXIf chunk leaves the orientation up")
    func tiffOffsetInPNG() throws {
        let data = try ImagingFixtures.data("Hostile/png-exif-tiff-offset-2g.png")
        // The damaged Exif block is ignored (as decoders do); the chunk then ends past the input.
        #if _pointerBitWidth(_32)
        let expected = ImageInspector.Error.oversizedField(.png, field: "chunk length", value: 0x7FFF_FFF0)
        #else
        let expected = ImageInspector.Error.truncated(.png, offset: 33 + 12 + 0x7FFF_FFF0)
        #endif
        #expect(throws: expected) { try ImageInspector().inspect(data) }
    }

    @Test("a HEIF clean aperture of (2^31 - 1) / 2 rounds to 2^30 pixels")
    func heifCleanAperture() throws {
        let header = try ImageInspector().inspect(ImagingFixtures.data("Hostile/heic-clap-2g.heic"))
        #expect(header.format == .heic)
        #expect(header.pixelWidth == 1 << 30 && header.pixelHeight == 1 << 30)
    }

    @Test("a WebP whose odd-sized VP8X chunk fills a RIFF end of 2^31 - 1 reads as a 16 x 16 image")
    func webpChunkPadding() throws {
        let header = try ImageInspector().inspect(ImagingFixtures.data("Hostile/webp-riff-end-max.webp"))
        #expect(header.format == .webp && header.pixelWidth == 16 && header.pixelHeight == 16)
        #expect(header.orientation == .up)
    }

    @Test(
        "every one of them inspected from a file gives what it gives from memory",
        arguments: [
            "png-exif-length-2g.png", "png-exif-tiff-offset-2g.png", "heic-clap-2g.heic", "webp-riff-end-max.webp",
        ])
    func fromFile(name: String) throws {
        let url = try ImagingFixtures.url("Hostile/\(name)")
        let data = try ImagingFixtures.data("Hostile/\(name)")
        let fromMemory = Result { () throws(ImageInspector.Error) in try ImageInspector().inspect(data) }
        let fromFile = Result { () throws(ImageInspector.Error) in try ImageInspector().inspect(fileAt: url) }
        // The bytes counted differ by design (examined in memory, read from disk for a file).
        #expect(fromMemory.map(Self.withoutByteCount) == fromFile.map(Self.withoutByteCount))
    }

    private static func withoutByteCount(_ header: ImageHeader) -> ImageHeader {
        ImageHeader(
            format: header.format, pixelWidth: header.pixelWidth, pixelHeight: header.pixelHeight,
            orientation: header.orientation, isProgressive: header.isProgressive, isAnimated: header.isAnimated)
    }
}
