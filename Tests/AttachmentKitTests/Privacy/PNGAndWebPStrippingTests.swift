#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, cwebp, gif2webp, webpmux): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "Stripping a PNG, a WebP or a GIF, checked with exiftool, ImageMagick and webpmux", .inTurn,
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify", "cwebp", "webpmux", "gif2webp"),
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
        #expect(PictureBytes.png(try Data(contentsOf: result.output)).range(of: Data("IDAT".utf8)) != nil)
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
        #expect(PictureBytes.webp(output).range(of: Data("VP8".utf8)) != nil)
        let riffSize = output[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize + 8 == output.count)
        let info = String(decoding: try PrivacyTools.run("webpmux", ["-info", result.output.path]), as: UTF8.self)
        #expect(info.contains("Features present: EXIF metadata") && !info.contains("XMP"), "\(info)")
        #expect(result.after["IFD0:Orientation"] as? Int == orientation)
        #expect(try ImageInspector().inspect(fileAt: result.output).orientation.exifValue == orientation)
    }

    @Test("an animated WebP (gif2webp) loses its XMP chunk and its EXIF tags; every ANMF frame stays byte for byte")
    func animatedWebP() throws {
        let folder = try StorageTemporaryDirectory("privacy-webp")
        let gif = try Self.animatedGIF(in: folder)
        let plain = folder.appending("plain.webp")
        try PrivacyTools.run("gif2webp", ["-quiet", "-q", "50", gif.path, "-o", plain.path])
        let source = try PrivacyFixtures.jpeg(in: folder, name: "source.jpg")
        let (exif, xmp) = (folder.appending("exif.bin"), folder.appending("xmp.xml"))
        try PrivacyTools.run("exiftool", ["-b", "-EXIF", source.path]).write(to: exif)
        try PrivacyTools.run("exiftool", ["-b", "-XMP", source.path]).write(to: xmp)
        let withExif = folder.appending("exif.webp")
        try PrivacyTools.run("webpmux", ["-set", "exif", exif.path, plain.path, "-o", withExif.path])
        let input = folder.appending("animated.webp")
        try PrivacyTools.run("webpmux", ["-set", "xmp", xmp.path, withExif.path, "-o", input.path])
        let output = folder.appending("stripped.webp")
        #expect(try MetadataStripper().strip(fileAt: input, to: output) == [.gps, .xmp, .identifyingFields])
        let (before, after) = (try Data(contentsOf: input), try Data(contentsOf: output))
        #expect(PictureBytes.webp(after) == PictureBytes.webp(before))
        #expect(PictureBytes.webp(after).range(of: Data("ANMF".utf8)) != nil)
        let info = String(decoding: try PrivacyTools.run("webpmux", ["-info", output.path]), as: UTF8.self)
        #expect(info.contains("Features present: animation EXIF metadata\n"), "\(info)")
        #expect(info.contains("Number of frames: 3"), "\(info)")
        #expect(try ImageInspector().inspect(fileAt: output).animation?.frameCount == 3)
        #expect(PrivacyTools.personalTags(try PrivacyTools.tags(output)) == [])
    }

    @Test("an animated GIF loses its XMP application extension; every frame decodes to the same pixels")
    func animatedGIF() throws {
        let folder = try StorageTemporaryDirectory("privacy-gif")
        let input = try Self.animatedGIF(in: folder)
        try PrivacyTools.run(
            "exiftool",
            ["-q", "-overwrite_original", "-XMP-dc:Creator=Jane Doe", "-XMP-exif:GPSLatitude=48.8566", input.path])
        #expect(try ImageInspector().inspect(fileAt: input).personalMetadata == .xmp)
        let output = folder.appending("stripped.gif")
        #expect(try MetadataStripper().strip(fileAt: input, to: output) == .xmp)
        #expect(try PrivacyTools.pixelSignature(output) == PrivacyTools.pixelSignature(input))
        #expect(try PrivacyTools.pixelSignature(output).split(separator: "\n").count == 3)
        let after = try PrivacyTools.tags(output)
        #expect(PrivacyTools.personalTags(after) == [] && after["GIF:FrameCount"] as? Int == 3)
        #expect(try Data(contentsOf: output).range(of: Data("Jane Doe".utf8)) == nil)
    }

    /// A three-frame looping GIF drawn by ImageMagick.
    private static func animatedGIF(in folder: StorageTemporaryDirectory) throws -> URL {
        let gif = folder.appending("animated.gif")
        try PrivacyTools.run(
            "convert",
            [
                "-size", "40x30", "-delay", "10", "gradient:red-blue", "gradient:green-yellow", "gradient:black-white",
                "-loop", "0", gif.path,
            ])
        return gif
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
