import Foundation
import Testing

@testable import AttachmentKit

@Suite("JPEG headers")
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

    @Test("SOF2 and the other progressive frame markers set isProgressive; DHT is not a frame")
    func progressive() throws {
        for marker: UInt8 in [0xC2, 0xC6, 0xCA, 0xCE] {
            #expect(try inspector.inspect(SyntheticImages.jpeg(frameMarker: marker)).isProgressive)
        }
        let table = SyntheticImages.segment(0xC4, Data(count: 20))
        let header = try inspector.inspect(SyntheticImages.jpeg(width: 7, height: 9, before: [table]))
        #expect(header.pixelWidth == 7 && header.pixelHeight == 9)
    }

    @Test("the Exif orientation is read in both byte orders and swaps the displayed size")
    func exifOrientation() throws {
        for bigEndian in [true, false] {
            let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 6, bigEndian: bigEndian))
            let header = try inspector.inspect(SyntheticImages.jpeg(width: 400, height: 300, before: [exif]))
            #expect(header.orientation == .right)
            #expect(header.displayedWidth == 300 && header.displayedHeight == 400)
        }
    }

    @Test("a damaged Exif block leaves the orientation up instead of failing the image")
    func damagedExif() throws {
        var beyond = SyntheticImages.exif(orientation: 6)
        beyond.replaceSubrange(4..<8, with: [0, 0, 0xEA, 0x60])  // IFD0 at 60,000, beyond the block
        let damaged: [Data] = [
            SyntheticImages.tiff(entries: [(274, 3, 6)], firstIFD: 4),  // IFD0 inside the header
            beyond,
            Data("XX*\0\0\0\0\u{8}".utf8),  // no byte order
            SyntheticImages.exif(orientation: 9),  // no such orientation
        ]
        for tiff in damaged {
            let header = try inspector.inspect(SyntheticImages.jpeg(before: [SyntheticImages.exifSegment(tiff)]))
            #expect(header.orientation == .up)
        }
    }

    @Test("an Exif IFD whose next pointer points to itself is read without looping")
    func selfPointingExif() throws {
        let exif = SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 8, nextIFD: 8))
        #expect(try inspector.inspect(SyntheticImages.jpeg(before: [exif])).orientation == .left)
    }

    @Test("a scan or the end of the image before any frame header is malformed")
    func noFrame() {
        var scanFirst = ImagingByteWriter([0xFF, 0xD8])
        scanFirst.append(SyntheticImages.segment(0xDA, Data(count: 6)))
        #expect(throws: ImageInspectionError.malformed(.jpeg, reason: "a scan (SOS) comes before the frame header")) {
            try inspector.inspect(scanFirst.data)
        }
        #expect(throws: ImageInspectionError.malformed(.jpeg, reason: "it ends (EOI) before a frame header")) {
            try inspector.inspect(Data([0xFF, 0xD8, 0xFF, 0xD9]))
        }
    }

    @Test("zero-length and one-byte segment lengths are malformed")
    func zeroLengthSegment() {
        for length in [0, 1] {
            let data = SyntheticImages.jpeg(before: [SyntheticImages.segment(0xE1, Data(), length: length)])
            #expect(throws: ImageInspectionError.malformed(.jpeg, reason: "segment FFE1 has length \(length)")) {
                try inspector.inspect(data)
            }
        }
    }

    @Test("a segment length that points past the end, and a file cut in the frame header, are truncated")
    func truncated() throws {
        var oversized = ImagingByteWriter([0xFF, 0xD8])
        oversized.append(SyntheticImages.segment(0xE1, Data(count: 10), length: 0xFFFF))
        #expect(throws: ImageInspectionError.truncated(.jpeg, offset: 0xFFFF + 4)) {
            try inspector.inspect(oversized.data)
        }
        let whole = SyntheticImages.jpeg()
        let cut = whole.prefix(9)  // SOI, marker, length, precision and height: the width is missing
        #expect(throws: ImageInspectionError.truncated(.jpeg, offset: 9)) { try inspector.inspect(cut) }
    }

    @Test("a zero height (defined later by DNL) and a zero width are refused")
    func zeroDimensions() {
        #expect(throws: ImageInspectionError.unsupported(.jpeg, feature: "a height defined later by DNL")) {
            try inspector.inspect(SyntheticImages.jpeg(width: 10, height: 0))
        }
        #expect(throws: ImageInspectionError.malformed(.jpeg, reason: "the width is 0")) {
            try inspector.inspect(SyntheticImages.jpeg(width: 0, height: 10))
        }
    }

    @Test("endless restart markers stop at the read count or byte limit instead of running on")
    func endlessMarkers() {
        var writer = ImagingByteWriter([0xFF, 0xD8])
        for _ in 0..<50_000 { writer.bytes([0xFF, 0xD0]) }
        #expect(throws: ImageInspectionError.readLimitExceeded(.jpeg, limit: 4096)) {
            try ImageInspector(maximumByteCount: 4096).inspect(writer.data)
        }
        #expect(throws: ImageInspectionError.readCountExceeded(.jpeg, limit: ImageInspector.defaultMaximumReadCount)) {
            try inspector.inspect(writer.data)
        }
        #expect(throws: ImageInspectionError.truncated(.jpeg, offset: writer.count)) {
            try ImageInspector(maximumReadCount: 1_000_000).inspect(writer.data)
        }
    }
}
