import Foundation
import Testing

@testable import AttachmentKit

@Suite("BMP and TIFF headers")
struct BMPAndTIFFInspectionTests {
    private let inspector = ImageInspector()

    @Test("BMP: the core header's 16-bit size, later headers' 32-bit size, top-down rows")
    func bitmap() throws {
        let core = try inspector.inspect(SyntheticImages.bmp(width: 300, height: 200, headerSize: 12))
        #expect(core.format == .bmp && core.pixelWidth == 300 && core.pixelHeight == 200)
        let topDown = try inspector.inspect(SyntheticImages.bmp(width: 640, height: -480, headerSize: 124))
        #expect(topDown.pixelWidth == 640 && topDown.pixelHeight == 480)
    }

    @Test("BMP: zero, negative and Int32.min dimensions are malformed")
    func bitmapBadSizes() {
        #expect(throws: ImageInspectionError.malformed(.bmp, reason: "the width is -5")) {
            try inspector.inspect(SyntheticImages.bmp(width: -5, height: 5))
        }
        #expect(throws: ImageInspectionError.malformed(.bmp, reason: "the height is 0")) {
            try inspector.inspect(SyntheticImages.bmp(width: 5, height: 0))
        }
        #expect(throws: ImageInspectionError.malformed(.bmp, reason: "the height is -2147483648")) {
            try inspector.inspect(SyntheticImages.bmp(width: 5, height: Int(Int32.min)))
        }
        #expect(throws: ImageInspectionError.truncated(.bmp, offset: 22)) {
            try inspector.inspect(SyntheticImages.bmp(width: 5, height: 5).prefix(24))
        }
    }

    @Test("TIFF: IFD0's width, height (SHORT or LONG) and orientation, in both byte orders")
    func tiff() throws {
        for bigEndian in [true, false] {
            let data = SyntheticImages.tiff(
                entries: [(256, 4, 70_000), (257, 3, 500), (274, 3, 8)], bigEndian: bigEndian)
            let header = try inspector.inspect(data)
            #expect(header.format == .tiff && header.pixelWidth == 70_000 && header.pixelHeight == 500)
            #expect(header.orientation == .left)
        }
    }

    @Test("TIFF: a reduced-resolution IFD0 is skipped for the next directory")
    func reducedResolution() throws {
        let data = SyntheticImages.tiff(
            entries: [(254, 4, 1), (256, 3, 160), (257, 3, 120)], nextIFD: 100,
            extraIFDs: [(100, [(256, 3, 4000), (257, 3, 3000), (274, 3, 6)], 0)])
        let header = try inspector.inspect(data)
        #expect(header.pixelWidth == 4000 && header.orientation == .right)
    }

    @Test("TIFF: an IFD that points to itself, or two that point to each other, are a loop")
    func loops() {
        let selfPointing = SyntheticImages.tiff(entries: [(254, 4, 1), (256, 3, 10), (257, 3, 10)], nextIFD: 8)
        #expect(throws: ImageInspectionError.loop(.tiff, offset: 8)) { try inspector.inspect(selfPointing) }
        let pair = SyntheticImages.tiff(
            entries: [(254, 4, 1), (256, 3, 10), (257, 3, 10)], nextIFD: 100,
            extraIFDs: [(100, [(254, 4, 1)], 8)])
        #expect(throws: ImageInspectionError.loop(.tiff, offset: 8)) { try inspector.inspect(pair) }
    }

    @Test("TIFF: an entry count larger than the file, or an IFD offset outside it, is an oversized field")
    func oversized() {
        var data = SyntheticImages.tiff(entries: [(256, 3, 10), (257, 3, 10)])
        data[8] = 0x7F  // 32,512 entries
        #expect(throws: ImageInspectionError.oversizedField(.tiff, field: "IFD entry count", value: 0x7F02)) {
            try inspector.inspect(data)
        }
        let far = SyntheticImages.tiff(entries: [(256, 3, 10)], firstIFD: 8, nextIFD: 0)
        var farData = far
        farData.replaceSubrange(4..<8, with: [0, 1, 0, 0])
        #expect(throws: ImageInspectionError.oversizedField(.tiff, field: "IFD offset", value: 65536)) {
            try inspector.inspect(farData)
        }
    }

    @Test("TIFF: BigTIFF is unsupported; a first IFD inside the header, a zero or missing size are malformed")
    func malformed() {
        #expect(throws: ImageInspectionError.unsupported(.tiff, feature: "BigTIFF")) {
            try inspector.inspect(Data([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        }
        #expect(throws: ImageInspectionError.malformed(.tiff, reason: "the first IFD offset 4 points into the header"))
        {
            try inspector.inspect(SyntheticImages.tiff(entries: [], firstIFD: 4))
        }
        #expect(throws: ImageInspectionError.malformed(.tiff, reason: "the image directory has no ImageLength")) {
            try inspector.inspect(SyntheticImages.tiff(entries: [(256, 3, 10)]))
        }
        #expect(throws: ImageInspectionError.malformed(.tiff, reason: "the width is 0")) {
            try inspector.inspect(SyntheticImages.tiff(entries: [(256, 3, 0), (257, 3, 10)]))
        }
    }
}
