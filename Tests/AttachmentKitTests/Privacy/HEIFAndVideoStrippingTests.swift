#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, heif-enc, heif-info, ffmpeg): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "Stripping a HEIC, an AVIF or a video, checked with exiftool, ImageMagick, libheif and ffmpeg", .inTurn,
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify", "heif-enc", "heif-info", "ffmpeg", "ffprobe"),
        "exiftool, ImageMagick, heif-enc, heif-info or ffmpeg is not installed"))
struct HEIFAndVideoStrippingTests {
    @Test(
        "a HEIC's or AVIF's Exif item loses its GPS and identifying tags in place; its XMP item goes from iinf, iloc, iref and ipma, as libheif reads them; irot, imir, colr and the image data stay",
        arguments: [
            ("camera.heic", nil), ("camera.avif", nil), ("turned.heic", "heic-irot1-imir0.heic"),
            ("turned.avif", "avif-irot3.avif"),
        ])
    func heif(name: String, base: String?) throws {
        let folder = try StorageTemporaryDirectory("privacy-heif")
        let input = try PrivacyFixtures.heif(in: folder, name: name, base: base)
        let inspected = try ImageInspector().inspect(fileAt: input)
        #expect(inspected.personalMetadata == [.gps, .xmp, .identifyingFields])
        let result = try StrippingChecks.strip(input, in: folder)
        #expect(result.removed == [.gps, .xmp, .identifyingFields])
        #expect(result.after["IFD0:Copyright"] as? String == "(c) Example Copyright")
        #expect("\(result.after["QuickTime:Rotation"] ?? "none")" == "\(result.before["QuickTime:Rotation"] ?? "none")")
        #expect(try Data(contentsOf: result.output).count == (try Data(contentsOf: input)).count, "nothing moved")
        let stripped = try ImageInspector().inspect(fileAt: result.output)
        #expect(stripped.personalMetadata == [] && stripped.orientation == inspected.orientation)
        try Self.checkMetaBox(input, result.output)
        let location = try StrippingChecks.strip(input, in: folder, policy: .removeLocation)
        #expect(location.removed == .gps)
        #expect(location.after["XMP-dc:Creator"] as? String == "Jane Doe")
    }

    @Test(
        "a video loses ©xyz, loci, the QuickTime location key and its XMP; every packet and the rotation stay",
        arguments: ["clip.mp4", "clip.mov"])
    func video(name: String) throws {
        let folder = try StorageTemporaryDirectory("privacy-video")
        let input = try PrivacyFixtures.video(in: folder, name: name, rotation: 90)
        let before = try PrivacyTools.tags(input)
        #expect(!PrivacyTools.personalTags(before).isEmpty, "\(before.keys.sorted())")
        let header = try ISOMediaInspector().inspect(fileAt: input)
        #expect(header.personalMetadata == [.xmp, .identifyingFields, .videoLocation])
        let output = folder.appending("stripped-" + name)
        let removed = try MetadataStripper().strip(fileAt: input, to: output)
        #expect(removed == header.personalMetadata)
        let after = try PrivacyTools.tags(output)
        #expect(PrivacyTools.personalTags(after) == [], "\(after.keys.sorted())")
        #expect(try PrivacyTools.packetDigest(output) == PrivacyTools.packetDigest(input))
        #expect(try ISOMediaInspector().inspect(fileAt: output).rotation == header.rotation)
        #expect(try ISOMediaInspector().inspect(fileAt: output).personalMetadata == [])
        #expect("\(after["Composite:Rotation"] ?? "none")" == "\(before["Composite:Rotation"] ?? "none")")
        #expect(after["UserData:LocationInformation"] == nil)
        #expect(try PrivacyTools.ffprobeTags(input).keys.contains("location"))
        #expect(!(try PrivacyTools.ffprobeTags(output).keys.contains { $0.contains("location") }))
        let bytes = try Data(contentsOf: output)
        for value in ["+48.8566", "Jane Doe", "Jane Home", "at home"] {
            #expect(bytes.range(of: Data(value.utf8)) == nil, "\(value) is left")
        }
        #expect(bytes.count == (try Data(contentsOf: input)).count, "nothing moved")
    }

    /// Checks with libheif's reading (`heif-info -d`) that stripping `input` into `output` took
    /// the XMP items out and changed nothing else in the `meta` box (item properties, the other
    /// items' locations, references and associations), that every image item's bytes are the
    /// same and that no extent has a length of 0 ("to the end of the file").
    private static func checkMetaBox(_ input: URL, _ output: URL) throws {
        let (before, after) = (try HEIFDump(input), try HEIFDump(output))
        let xmpItems = Set(before.itemTypes.filter { $0.value == "mime" }.keys)
        #expect(!xmpItems.isEmpty && after.itemTypes.values.filter { $0 == "mime" }.isEmpty)
        let changes = after.lines(removing: []).difference(from: before.lines(removing: xmpItems)).map { change in
            switch change {
            case .insert(_, let line, _): "+ \(line)"
            case .remove(_, let line, _): "- \(line)"
            }
        }
        #expect(changes.isEmpty, "heif-info -d: \(changes)")
        #expect(after.locations.allSatisfy { $0.extents.allSatisfy { $0.length > 0 } })
        let (original, stripped) = (try Data(contentsOf: input), try Data(contentsOf: output))
        let images = after.locations.filter { !["Exif", "mime"].contains(after.itemTypes[$0.id]) }
        #expect(!images.isEmpty)
        for location in images where location.constructionMethod == 0 {
            for extent in location.extents {
                let range =
                    (location.baseOffset + extent.offset)..<(location.baseOffset + extent.offset + extent.length)
                #expect(stripped[range] == original[range], "item \(location.id)")
            }
        }
    }
}
#endif
