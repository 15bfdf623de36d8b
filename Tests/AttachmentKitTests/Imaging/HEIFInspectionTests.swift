import Foundation
import Testing

@testable import AttachmentKit

@Suite("HEIF, HEIC and AVIF headers")
struct HEIFInspectionTests {
    private let inspector = ImageInspector()
    private let ispe = SyntheticImages.ispe(width: 4032, height: 3024)

    @Test("the brands name the format: HEVC brands HEIC, AV1 brands AVIF, generic ones HEIF")
    func brands() throws {
        let cases: [(Data, ImageFormat)] = [
            (SyntheticImages.ftyp("heic", compatible: ["mif1"]), .heic),
            (SyntheticImages.ftyp("mif1", compatible: ["heic"]), .heic),
            (SyntheticImages.ftyp("avif", compatible: ["mif1", "miaf"]), .avif),
            (SyntheticImages.ftyp("mif1", compatible: ["miaf", "avif"]), .avif),
            (SyntheticImages.ftyp("mif1", compatible: ["miaf"]), .heif),
        ]
        for (brands, format) in cases {
            #expect(try inspector.inspect(SyntheticImages.heif(brands: brands, properties: [ispe])).format == format)
        }
        let sequence = SyntheticImages.ftyp("avis", compatible: ["msf1", "avif"])
        #expect(try inspector.inspect(SyntheticImages.heif(brands: sequence, properties: [ispe])).isAnimated)
    }

    @Test("irot turns anticlockwise and imir mirrors, applied in the order ipma lists them")
    func transforms() throws {
        let irot = SyntheticImages.box("irot", Data([3]))
        let imir = SyntheticImages.box("imir", Data([0]))
        let rotated = try inspector.inspect(SyntheticImages.heif(properties: [ispe, irot]))
        #expect(rotated.orientation == .right)
        #expect(rotated.pixelWidth == 4032 && rotated.displayedWidth == 3024)
        let rotateThenMirror = try inspector.inspect(SyntheticImages.heif(properties: [ispe, irot, imir]))
        let mirrorThenRotate = try inspector.inspect(
            SyntheticImages.heif(properties: [ispe, irot, imir], order: [1, 3, 2]))
        #expect(rotateThenMirror.orientation == .rightMirrored)
        #expect(mirrorThenRotate.orientation == .leftMirrored)
    }

    @Test("a clean aperture crops the size; a zero denominator is malformed")
    func cleanAperture() throws {
        func clap(width: Int, widthD: Int = 1, height: Int, heightD: Int = 1) -> Data {
            var writer = ImagingByteWriter()
            for value in [width, widthD, height, heightD, 0, 1, 0, 1] { writer.uint32(value) }
            return SyntheticImages.box("clap", writer.data)
        }
        let cropped = try inspector.inspect(SyntheticImages.heif(properties: [ispe, clap(width: 4001, height: 3001)]))
        #expect(cropped.pixelWidth == 4001 && cropped.pixelHeight == 3001)
        let zero = SyntheticImages.heif(properties: [ispe, clap(width: 1, widthD: 0, height: 1)])
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "the clean aperture has a zero denominator")) {
            try inspector.inspect(zero)
        }
    }

    @Test("a box of size 0 inside meta, or smaller than its header, is malformed")
    func zeroSizeBox() {
        let zero = SyntheticImages.heif(properties: [ispe], extraMetaChildren: [SyntheticImages.box("free", size: 0)])
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "the \"free\" box has size 0")) {
            try inspector.inspect(zero)
        }
        let tiny = SyntheticImages.heif(properties: [ispe], extraMetaChildren: [SyntheticImages.box("free", size: 4)])
        #expect(
            throws: ImageInspectionError.malformed(.heic, reason: "the \"free\" box has size 4, less than its header")
        ) {
            try inspector.inspect(tiny)
        }
    }

    @Test("a box larger than its parent is an oversized field; a top-level box past the end is truncation")
    func oversizedBox() throws {
        let child = SyntheticImages.heif(
            properties: [ispe], extraMetaChildren: [SyntheticImages.box("free", size: 9999)])
        #expect(throws: ImageInspectionError.oversizedField(.heic, field: "\"free\" box size", value: 9999)) {
            try inspector.inspect(child)
        }
        let whole = SyntheticImages.heif(properties: [ispe])
        let metaStart = SyntheticImages.ftyp().count
        #expect(throws: ImageInspectionError.truncated(.heic, offset: metaStart + 20)) {
            try inspector.inspect(whole.prefix(metaStart + 20))
        }
        // A 64-bit size larger than the file.
        var large = ImagingByteWriter()
        large.uint32(1)
        large.text("meta")
        large.uint64(UInt64(Int64.max))
        #expect(throws: ImageInspectionError.truncated(.heic, offset: metaStart + 16)) {
            try inspector.inspect(SyntheticImages.ftyp() + large.data)
        }
    }

    @Test("no meta box, no primary item, no ispe, or a property index out of range are malformed")
    func missingPieces() {
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "there is no meta box")) {
            try inspector.inspect(SyntheticImages.ftyp() + SyntheticImages.box("mdat", Data(count: 8)))
        }
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "there is no primary item (pitm)")) {
            try inspector.inspect(SyntheticImages.heif(properties: [ispe], primaryItem: nil))
        }
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "the primary item 1 has no size (ispe)")) {
            try inspector.inspect(SyntheticImages.heif(properties: [SyntheticImages.box("irot", Data([1]))]))
        }
        #expect(throws: ImageInspectionError.malformed(.heic, reason: "item 1 refers to property 5 of 1")) {
            try inspector.inspect(SyntheticImages.heif(properties: [ispe], order: [1, 5]))
        }
    }

    @Test("an ipma entry count larger than the box is an oversized field")
    func oversizedAssociations() throws {
        let data =
            SyntheticImages.ftyp()
            + SyntheticImages.fullBox(
                "meta",
                SyntheticImages.fullBox("pitm", Data([0, 1]))
                    + SyntheticImages.box(
                        "iprp",
                        SyntheticImages.box("ipco", ispe) + SyntheticImages.ipma(indices: [1], entryCount: 1_000_000)))
        #expect(throws: ImageInspectionError.oversizedField(.heic, field: "ipma entry count", value: 1_000_000)) {
            try inspector.inspect(data)
        }
    }

    @Test("an ISO media file with no image brand is reported as other media, not an image")
    func video() {
        let mp4 = SyntheticImages.ftyp("isom", compatible: ["iso2", "mp41"]) + SyntheticImages.box("moov")
        #expect(throws: ImageInspectionError.notAnImage(.otherMedia(brand: "isom"))) { try inspector.inspect(mp4) }
    }
}
