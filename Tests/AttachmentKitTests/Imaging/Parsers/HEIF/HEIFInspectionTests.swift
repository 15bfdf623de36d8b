import Foundation
import Testing

@testable import AttachmentKit

@Suite("HEIF, HEIC and AVIF headers", .inTurn)
struct HEIFInspectionTests {
    private let inspector = ImageInspector()
    private static let ispe = SyntheticImages.ispe(width: 4032, height: 3024)

    static let brands: [(String, Data, ImageFormat)] = [
        ("major heic", SyntheticImages.ftyp("heic", compatible: ["mif1"]), .heic),
        ("compatible heic", SyntheticImages.ftyp("mif1", compatible: ["heic"]), .heic),
        ("major avif", SyntheticImages.ftyp("avif", compatible: ["mif1", "miaf"]), .avif),
        ("compatible avif", SyntheticImages.ftyp("mif1", compatible: ["miaf", "avif"]), .avif),
        ("generic only", SyntheticImages.ftyp("mif1", compatible: ["miaf"]), .heif),
    ]

    @Test("the brands name the format: HEVC brands HEIC, AV1 brands AVIF, generic ones HEIF", arguments: brands)
    func brand(name: String, brands: Data, format: ImageFormat) throws {
        let header = try inspector.inspect(SyntheticImages.heif(brands: brands, properties: [Self.ispe]))
        #expect(header.format == format, "\(name)")
    }

    @Test("an image sequence brand means animated")
    func sequence() throws {
        let sequence = SyntheticImages.ftyp("avis", compatible: ["msf1", "avif"])
        #expect(try inspector.inspect(SyntheticImages.heif(brands: sequence, properties: [Self.ispe])).isAnimated)
    }

    @Test("irot turns anticlockwise and imir mirrors, applied in the order ipma lists them")
    func transforms() throws {
        let irot = SyntheticImages.box("irot", Data([3]))
        let imir = SyntheticImages.box("imir", Data([0]))
        let rotated = try inspector.inspect(SyntheticImages.heif(properties: [Self.ispe, irot]))
        #expect(rotated.orientation == .right)
        #expect(rotated.pixelWidth == 4032 && rotated.displayedWidth == 3024)
        let rotateThenMirror = try inspector.inspect(SyntheticImages.heif(properties: [Self.ispe, irot, imir]))
        let mirrorThenRotate = try inspector.inspect(
            SyntheticImages.heif(properties: [Self.ispe, irot, imir], order: [1, 3, 2]))
        #expect(rotateThenMirror.orientation == .rightMirrored)
        #expect(mirrorThenRotate.orientation == .leftMirrored)
    }

    private static func clap(width: Int, widthD: Int = 1, height: Int, heightD: Int = 1) -> Data {
        var writer = ImagingByteWriter()
        for value in [width, widthD, height, heightD, 0, 1, 0, 1] { writer.uint32(value) }
        return SyntheticImages.box("clap", writer.data)
    }

    @Test("a clean aperture crops the size")
    func cleanAperture() throws {
        let cropped = try inspector.inspect(
            SyntheticImages.heif(properties: [Self.ispe, Self.clap(width: 4001, height: 3001)]))
        #expect(cropped.pixelWidth == 4001 && cropped.pixelHeight == 3001)
    }

    static let refusals: [RefusedInput] = {
        let metaStart = SyntheticImages.ftyp().count
        var large = ImagingByteWriter()  // a 64-bit size larger than the file
        large.uint32(1)
        large.text("meta")
        large.uint64(UInt64(Int64.max))
        let associations =
            SyntheticImages.ftyp()
            + SyntheticImages.fullBox(
                "meta",
                SyntheticImages.fullBox("pitm", Data([0, 1]))
                    + SyntheticImages.box(
                        "iprp",
                        SyntheticImages.box("ipco", ispe) + SyntheticImages.ipma(indices: [1], entryCount: 1_000_000)))
        func withChild(_ child: Data) -> Data { SyntheticImages.heif(properties: [ispe], extraMetaChildren: [child]) }
        return [
            RefusedInput(
                "a clean aperture with a zero denominator",
                SyntheticImages.heif(properties: [ispe, clap(width: 1, widthD: 0, height: 1)]),
                .malformed(.heic, reason: "the clean aperture has a zero denominator")),
            RefusedInput(
                "a box of size 0 inside meta", withChild(SyntheticImages.box("free", size: 0)),
                .malformed(.heic, reason: "the \"free\" box has size 0")),
            RefusedInput(
                "a box smaller than its header", withChild(SyntheticImages.box("free", size: 4)),
                .malformed(.heic, reason: "the \"free\" box has size 4, less than its header")),
            RefusedInput(
                "a box larger than its parent", withChild(SyntheticImages.box("free", size: 9999)),
                .oversizedField(.heic, field: "\"free\" box size", value: 9999)),
            RefusedInput(
                "a top-level box past the end", SyntheticImages.heif(properties: [ispe]).prefix(metaStart + 20),
                .truncated(.heic, offset: metaStart + 20)),
            RefusedInput(
                "a 64-bit box size larger than the file", SyntheticImages.ftyp() + large.data,
                .truncated(.heic, offset: metaStart + 16)),
            RefusedInput(
                "no meta box", SyntheticImages.ftyp() + SyntheticImages.box("mdat", Data(count: 8)),
                .malformed(.heic, reason: "there is no meta box")),
            RefusedInput(
                "no primary item", SyntheticImages.heif(properties: [ispe], primaryItem: nil),
                .malformed(.heic, reason: "there is no primary item (pitm)")),
            RefusedInput(
                "no ispe", SyntheticImages.heif(properties: [SyntheticImages.box("irot", Data([1]))]),
                .malformed(.heic, reason: "the primary item 1 has no size (ispe)")),
            RefusedInput(
                "a property index out of range", SyntheticImages.heif(properties: [ispe], order: [1, 5]),
                .malformed(.heic, reason: "item 1 refers to property 5 of 1")),
            RefusedInput(
                "an ipma entry count larger than the box", associations,
                .oversizedField(.heic, field: "ipma entry count", value: 1_000_000)),
            RefusedInput(
                "an ISO media file with no image brand",
                SyntheticImages.ftyp("isom", compatible: ["iso2", "mp41"]) + SyntheticImages.box("moov"),
                .notAnImage(.otherMedia(brand: "isom"))),
        ]
    }()

    @Test(
        "bad boxes, missing pieces, oversized fields and non-image brands are refused with a typed error",
        arguments: refusals)
    func refused(_ input: RefusedInput) {
        input.check()
    }
}
