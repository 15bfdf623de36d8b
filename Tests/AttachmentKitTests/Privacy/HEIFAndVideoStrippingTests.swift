#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, heif-enc, ffmpeg): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "Stripping a HEIC or a video, checked with exiftool, ImageMagick (libheif) and ffmpeg",
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify", "heif-enc", "ffmpeg", "ffprobe"),
        "exiftool, ImageMagick, heif-enc or ffmpeg is not installed"))
struct HEIFAndVideoStrippingTests {
    @Test(
        "a HEIC's Exif item loses its GPS and identifying tags in place, its XMP item goes from iinf, iloc, iref and ipma"
    )
    func heic() throws {
        let folder = try StorageTemporaryDirectory("privacy-heic")
        let input = try PrivacyFixtures.heic(in: folder)
        #expect(try ImageInspector().inspect(fileAt: input).personalMetadata == [.gps, .xmp, .identifyingFields])
        let result = try StrippingChecks.strip(input, in: folder)
        #expect(result.removed == [.gps, .xmp, .identifyingFields])
        #expect(result.after["IFD0:Copyright"] as? String == "(c) Example Copyright")
        #expect(try Data(contentsOf: result.output).count == (try Data(contentsOf: input)).count, "nothing moved")
        #expect(try ImageInspector().inspect(fileAt: result.output).personalMetadata == [])
        let location = try StrippingChecks.strip(input, in: folder, policy: .removeLocation)
        #expect(location.removed == .gps)
        #expect(location.after["XMP-dc:Creator"] as? String == "Jane Doe")
    }

    @Test(
        "a video loses ©xyz, the QuickTime location key and its XMP; every packet and the rotation stay",
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
        let bytes = try Data(contentsOf: output)
        #expect(bytes.range(of: Data("+48.8566".utf8)) == nil && bytes.range(of: Data("Jane Doe".utf8)) == nil)
        #expect(bytes.count == (try Data(contentsOf: input)).count, "nothing moved")
    }
}
#endif
