import Foundation
import Testing

@testable import AttachmentKit

/// Metadata where real files put it: Exif after the frame header, two Exif segments, and
/// metadata behind a long walk over segments or chunks (fixtures from make-fixtures.sh).
@Suite("Metadata is read where real files put it, within a budget of bytes needed", .inTurn)
struct MetadataPlacementTests {
    @Test("Exif after the frame header and before the scan gives the orientation and the displayed size")
    func exifAfterFrameHeader() throws {
        for header in try headers("jpeg-exif-after-sof.jpg") {
            #expect(header.orientation == .left)
            #expect(header.displayedWidth == 24 && header.displayedHeight == 40)
        }
    }

    @Test("of two Exif segments the first wins, as in ImageMagick, exiftool and the browsers")
    func duplicateExif() throws {
        for header in try headers("jpeg-duplicate-exif.jpg") {
            #expect(header.orientation == .right)
        }
    }

    @Test("160 extended-XMP segments of 64 KB before the frame header cost one small read each")
    func extendedXMP() throws {
        let url = try ImagingFixtures.url("jpeg-extended-xmp.jpg")
        for header in try headers("jpeg-extended-xmp.jpg") {
            #expect(header.orientation == .right && header.pixelWidth == 40 && header.pixelHeight == 24)
        }
        let header = try ImageInspector().inspect(fileAt: url)
        #expect(header.inspectedByteCount <= FileChunkLoader.firstReadSize + 162 * FileChunkLoader.jumpReadSize)
    }

    @Test("an animated WebP's EXIF chunk after 150 frames is found reading under 2 % of the file")
    func animatedWebPWithTrailingExif() throws {
        let url = try ImagingFixtures.url("webp-animated-exif.webp")
        for header in try headers("webp-animated-exif.webp") {
            #expect(header.orientation == .right && header.isAnimated)
            #expect(header.pixelWidth == 192 && header.pixelHeight == 192)
        }
        let header = try ImageInspector().inspect(fileAt: url)
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(fileSize > 4_000_000)
        #expect(Double(header.inspectedByteCount) <= 0.02 * Double(fileSize))
    }

    @Test("100,000 empty chunks end in a typed error at the read bound, from a file and from memory")
    func hostileTinyChunks() throws {
        let url = try ImagingFixtures.url("Hostile/webp-100000-empty-chunks.webp")
        let expected = ImageInspector.Error.readCountExceeded(.webp, limit: ImageInspector.defaultMaximumReadCount)
        #expect(throws: expected) { try ImageInspector().inspect(fileAt: url) }
        #expect(throws: expected) { try ImageInspector().inspect(Data(contentsOf: url)) }
        // Without the read bound the walk ends at the last chunk, finding no EXIF: the bound, not
        // the file's end, stopped it.
        let unbounded = try ImageInspector(maximumReadCount: 1_000_000).inspect(fileAt: url)
        #expect(unbounded.orientation == .up)
    }

    /// The header of fixture `name` from a file and from memory.
    private func headers(_ name: String) throws -> [ImageHeader] {
        let url = try ImagingFixtures.url(name)
        return [try ImageInspector().inspect(fileAt: url), try ImageInspector().inspect(Data(contentsOf: url))]
    }
}
