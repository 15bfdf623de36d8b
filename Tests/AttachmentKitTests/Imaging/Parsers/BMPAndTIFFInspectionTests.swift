import Foundation
import Testing

@testable import AttachmentKit

@Suite("BMP and TIFF headers", .inTurn)
struct BMPAndTIFFInspectionTests {
    private let inspector = ImageInspector()

    @Test("BMP: the core header's 16-bit size, later headers' 32-bit size, top-down rows")
    func bitmap() throws {
        let core = try inspector.inspect(SyntheticImages.bmp(width: 300, height: 200, headerSize: 12))
        #expect(core.format == .bmp && core.pixelWidth == 300 && core.pixelHeight == 200)
        let topDown = try inspector.inspect(SyntheticImages.bmp(width: 640, height: -480, headerSize: 124))
        #expect(topDown.pixelWidth == 640 && topDown.pixelHeight == 480)
    }

    static let bitmapRefusals: [RefusedInput] = [
        RefusedInput(
            "a negative width", SyntheticImages.bmp(width: -5, height: 5), .malformed(.bmp, reason: "the width is -5")),
        RefusedInput(
            "a zero height", SyntheticImages.bmp(width: 5, height: 0), .malformed(.bmp, reason: "the height is 0")),
        RefusedInput(
            "an Int32.min height", SyntheticImages.bmp(width: 5, height: Int(Int32.min)),
            .malformed(.bmp, reason: "the height is -2147483648")),
        RefusedInput(
            "a file cut in the height", SyntheticImages.bmp(width: 5, height: 5).prefix(24),
            .truncated(.bmp, offset: 22)),
    ]

    @Test(
        "BMP: zero, negative and Int32.min dimensions are malformed; a cut header is truncated",
        arguments: bitmapRefusals)
    func bitmapRefused(_ input: RefusedInput) {
        input.check()
    }

    @Test("TIFF: IFD0's width, height (SHORT or LONG) and orientation, in both byte orders", arguments: [true, false])
    func tiff(bigEndian: Bool) throws {
        let data = SyntheticImages.tiff(entries: [(256, 4, 70_000), (257, 3, 500), (274, 3, 8)], bigEndian: bigEndian)
        let header = try inspector.inspect(data)
        #expect(header.format == .tiff && header.pixelWidth == 70_000 && header.pixelHeight == 500)
        #expect(header.orientation == .left)
    }

    @Test("TIFF: a reduced-resolution IFD0 is skipped for the next directory")
    func reducedResolution() throws {
        let data = SyntheticImages.tiff(
            entries: [(254, 4, 1), (256, 3, 160), (257, 3, 120)], nextIFD: 100,
            extraIFDs: [(100, [(256, 3, 4000), (257, 3, 3000), (274, 3, 6)], 0)])
        let header = try inspector.inspect(data)
        #expect(header.pixelWidth == 4000 && header.orientation == .right)
    }

    static let tiffRefusals: [RefusedInput] = {
        var manyEntries = SyntheticImages.tiff(entries: [(256, 3, 10), (257, 3, 10)])
        manyEntries[8] = 0x7F  // 32,512 entries
        var far = SyntheticImages.tiff(entries: [(256, 3, 10)], firstIFD: 8, nextIFD: 0)
        far.replaceSubrange(4..<8, with: [0, 1, 0, 0])
        return [
            RefusedInput(
                "an IFD that points to itself",
                SyntheticImages.tiff(entries: [(254, 4, 1), (256, 3, 10), (257, 3, 10)], nextIFD: 8),
                .loop(.tiff, offset: 8)),
            RefusedInput(
                "two IFDs that point to each other",
                SyntheticImages.tiff(
                    entries: [(254, 4, 1), (256, 3, 10), (257, 3, 10)], nextIFD: 100,
                    extraIFDs: [(100, [(254, 4, 1)], 8)]),
                .loop(.tiff, offset: 8)),
            RefusedInput(
                "an entry count larger than the file", manyEntries,
                .oversizedField(.tiff, field: "IFD entry count", value: 0x7F02)),
            RefusedInput(
                "an IFD offset outside the file", far, .oversizedField(.tiff, field: "IFD offset", value: 65536)),
            RefusedInput(
                "BigTIFF", Data([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                .unsupported(.tiff, feature: "BigTIFF")),
            RefusedInput(
                "a first IFD inside the header", SyntheticImages.tiff(entries: [], firstIFD: 4),
                .malformed(.tiff, reason: "the first IFD offset 4 points into the header")),
            RefusedInput(
                "no ImageLength", SyntheticImages.tiff(entries: [(256, 3, 10)]),
                .malformed(.tiff, reason: "the image directory has no ImageLength")),
            RefusedInput(
                "a zero width", SyntheticImages.tiff(entries: [(256, 3, 0), (257, 3, 10)]),
                .malformed(.tiff, reason: "the width is 0")),
        ]
    }()

    @Test(
        "TIFF: loops, oversized entry counts and offsets, BigTIFF, a first IFD in the header, a zero or missing size",
        arguments: tiffRefusals)
    func tiffRefused(_ input: RefusedInput) {
        input.check()
    }
}
