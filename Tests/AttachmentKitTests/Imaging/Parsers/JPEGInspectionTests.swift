import Foundation
import Testing

@testable import AttachmentKit

@Suite("JPEG headers", .inTurn)
struct JPEGInspectionTests {
    private let inspector = ImageInspector()

    @Test("the size comes from the first frame header after APP segments, fill bytes and restart markers")
    func frameAfterSegments() throws {
        let before = [
            SyntheticImages.segment(0xE0, Data("JFIF\0".utf8) + Data(count: 9)),
            Data([0xFF, 0xFF, 0xFF]),  // fill bytes
            Data([0xFF, 0xD0, 0xFF, 0xD7]),  // stray restart markers
            SyntheticImages.segment(0xE2, Data(count: 3000)),
            SyntheticImages.segment(0xDB, Data(count: 65)),
        ]
        let header = try inspector.inspect(SyntheticImages.jpeg(width: 4032, height: 3024, before: before))
        #expect(header.format == .jpeg)
        #expect(header.pixelWidth == 4032 && header.pixelHeight == 3024)
        #expect(!header.isProgressive)
    }

    @Test(
        "SOF2 and the other progressive frame markers set isProgressive",
        arguments: [0xC2, 0xC6, 0xCA, 0xCE] as [UInt8])
    func progressive(marker: UInt8) throws {
        #expect(try inspector.inspect(SyntheticImages.jpeg(frameMarker: marker)).isProgressive)
    }

    @Test("DHT is not a frame: the size comes from the frame header after it")
    func huffmanTableIsNotAFrame() throws {
        let table = SyntheticImages.segment(0xC4, Data(count: 20))
        let header = try inspector.inspect(SyntheticImages.jpeg(width: 7, height: 9, before: [table]))
        #expect(header.pixelWidth == 7 && header.pixelHeight == 9)
    }

    @Test("the Exif orientation is read in both byte orders and swaps the displayed size", arguments: [true, false])
    func exifOrientation(bigEndian: Bool) throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 6, bigEndian: bigEndian))
        let header = try inspector.inspect(SyntheticImages.jpeg(width: 400, height: 300, before: [exif]))
        #expect(header.orientation == .right)
        #expect(header.displayedWidth == 300 && header.displayedHeight == 400)
    }

    static let damagedExifBlocks: [(String, Data)] = {
        var beyond = SyntheticImages.exif(orientation: 6)
        beyond.replaceSubrange(4..<8, with: [0, 0, 0xEA, 0x60])  // IFD0 at 60,000, beyond the block
        return [
            ("IFD0 inside the header", SyntheticImages.tiff(entries: [(274, 3, 6)], firstIFD: 4)),
            ("IFD0 beyond the block", beyond),
            ("no byte order", Data("XX*\0\0\0\0\u{8}".utf8)),
            ("no such orientation", SyntheticImages.exif(orientation: 9)),
        ]
    }()

    @Test("a damaged Exif block leaves the orientation up instead of failing the image", arguments: damagedExifBlocks)
    func damagedExif(damage: String, tiff: Data) throws {
        let header = try inspector.inspect(SyntheticImages.jpeg(before: [SyntheticImages.exifSegment(tiff)]))
        #expect(header.orientation == .up, "\(damage)")
    }

    @Test("an Exif IFD whose next pointer points to itself is read without looping")
    func selfPointingExif() throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 8, nextIFD: 8))
        #expect(try inspector.inspect(SyntheticImages.jpeg(before: [exif])).orientation == .left)
    }

    static let refusals: [RefusedInput] = {
        var scanFirst = ImagingByteWriter([0xFF, 0xD8])
        scanFirst.append(SyntheticImages.segment(0xDA, Data(count: 6)))
        var oversized = ImagingByteWriter([0xFF, 0xD8])
        oversized.append(SyntheticImages.segment(0xE1, Data(count: 10), length: 0xFFFF))
        var markers = ImagingByteWriter([0xFF, 0xD8])
        for _ in 0..<50_000 { markers.bytes([0xFF, 0xD0]) }
        return [
            RefusedInput(
                "a scan before any frame header", scanFirst.data,
                .malformed(.jpeg, reason: "a scan (SOS) comes before the frame header")),
            RefusedInput(
                "the end of the image before any frame header", Data([0xFF, 0xD8, 0xFF, 0xD9]),
                .malformed(.jpeg, reason: "it ends (EOI) before a frame header")),
            RefusedInput(
                "a zero segment length",
                SyntheticImages.jpeg(before: [SyntheticImages.segment(0xE1, Data(), length: 0)]),
                .malformed(.jpeg, reason: "segment FFE1 has length 0")),
            RefusedInput(
                "a one-byte segment length",
                SyntheticImages.jpeg(before: [SyntheticImages.segment(0xE1, Data(), length: 1)]),
                .malformed(.jpeg, reason: "segment FFE1 has length 1")),
            RefusedInput(
                "a segment length that points past the end", oversized.data, .truncated(.jpeg, offset: 0xFFFF + 4)),
            // SOI, marker, length, precision and height: the width is missing.
            RefusedInput(
                "a file cut in the frame header", SyntheticImages.jpeg().prefix(9), .truncated(.jpeg, offset: 9)),
            RefusedInput(
                "a zero height (defined later by DNL)", SyntheticImages.jpeg(width: 10, height: 0),
                .unsupported(.jpeg, feature: "a height defined later by DNL")),
            RefusedInput(
                "a zero width", SyntheticImages.jpeg(width: 0, height: 10), .malformed(.jpeg, reason: "the width is 0")),
            RefusedInput(
                "endless restart markers, at the byte limit", markers.data, .readLimitExceeded(.jpeg, limit: 4096),
                inspector: ImageInspector(maximumByteCount: 4096)),
            RefusedInput(
                "endless restart markers, at the read count", markers.data,
                .readCountExceeded(.jpeg, limit: ImageInspector.defaultMaximumReadCount)),
            RefusedInput(
                "endless restart markers, at the end of the input", markers.data,
                .truncated(.jpeg, offset: markers.count), inspector: ImageInspector(maximumReadCount: 1_000_000)),
        ]
    }()

    @Test(
        "missing frames, bad segment lengths, cut files, zero sizes and endless markers are refused with a typed error",
        arguments: refusals)
    func refused(_ input: RefusedInput) {
        input.check()
    }
}
