#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, cwebp, webpmux): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "Stripping a PNG or a WebP, checked with exiftool, ImageMagick and webpmux",
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify", "cwebp", "webpmux"),
        "exiftool, ImageMagick or the WebP tools are not installed"))
struct PNGAndWebPStrippingTests {
    @Test("a PNG loses its eXIf tags, XMP, raw profiles and personal exif:* text; IDAT and iCCP stay byte for byte")
    func png() throws {
        let folder = try StorageTemporaryDirectory("privacy-png")
        let input = try PrivacyFixtures.png(in: folder)
        let reported = try ImageInspector().inspect(fileAt: input).personalMetadata
        #expect(reported == [.gps, .xmp, .iptc, .identifyingFields])
        let result = try StrippingChecks.strip(input, in: folder)
        #expect(result.removed == reported)
        #expect(PictureBytes.png(try Data(contentsOf: result.output)) == PictureBytes.png(try Data(contentsOf: input)))
        #expect(result.after["PNG:ExifCopyright"] != nil || result.after["IFD0:Copyright"] != nil)
        #expect(try ImageInspector().inspect(fileAt: result.output).personalMetadata == [])
    }

    @Test("location only blanks the XMP packet's GPS properties in place and rewrites the chunk's CRC")
    func pngLocationOnly() throws {
        let folder = try StorageTemporaryDirectory("privacy-png")
        let input = try PrivacyFixtures.png(in: folder)
        let result = try StrippingChecks.strip(input, in: folder, policy: .removeLocation)
        #expect(result.removed.contains(.gps) && !result.removed.contains(.identifyingFields))
        let gps = result.after.keys.filter { $0.hasPrefix("GPS:") || $0.contains(":GPS") || $0.contains("ExifGPS") }
        #expect(gps == ["PNG:ExifGPSVersionID"], "a version number is no place")
        #expect(result.after["XMP-dc:Creator"] as? String == "Jane Doe")
        // ImageMagick reads every chunk's CRC.
        _ = try PrivacyTools.run("identify", ["-regard-warnings", result.output.path])
    }

    @Test(
        "a WebP loses its EXIF tags and its XMP chunk; the RIFF size and VP8X flags are made right for webpmux",
        arguments: [1, 6, 8])
    func webp(orientation: Int) throws {
        let folder = try StorageTemporaryDirectory("privacy-webp")
        let input = try PrivacyFixtures.webp(in: folder, orientation: orientation)
        let reported = try ImageInspector().inspect(fileAt: input).personalMetadata
        #expect(reported == [.gps, .xmp, .identifyingFields])
        let result = try StrippingChecks.strip(input, in: folder)
        #expect(result.removed == reported)
        let output = try Data(contentsOf: result.output)
        #expect(PictureBytes.webp(output) == PictureBytes.webp(try Data(contentsOf: input)))
        let riffSize = output[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize + 8 == output.count)
        let info = String(decoding: try PrivacyTools.run("webpmux", ["-info", result.output.path]), as: UTF8.self)
        #expect(info.contains("Features present: EXIF metadata") && !info.contains("XMP"), "\(info)")
        #expect(result.after["IFD0:Orientation"] as? Int == orientation)
        #expect(try ImageInspector().inspect(fileAt: result.output).orientation.exifValue == orientation)
    }

    @Test("a simple lossy WebP without metadata is copied byte for byte")
    func plainWebP() throws {
        let folder = try StorageTemporaryDirectory("privacy-webp")
        let png = folder.appending("plain.png")
        try PrivacyTools.run("convert", ["-size", "40x30", "gradient:red-blue", png.path])
        let webp = folder.appending("plain.webp")
        try PrivacyTools.run("cwebp", ["-quiet", png.path, "-o", webp.path])
        let output = folder.appending("out.webp")
        #expect(try MetadataStripper().strip(fileAt: webp, to: output) == [])
        #expect(try Data(contentsOf: output) == Data(contentsOf: webp))
    }
}
#endif
