#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "Stripping a JPEG, checked with exiftool and ImageMagick", .inTurn,
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify"), "exiftool or ImageMagick is not installed"))
struct JPEGStrippingTests {
    @Test(
        "the default policy removes GPS, XMP, IPTC and the identifying fields, in every orientation; the scans and tables stay byte for byte",
        arguments: 1...8)
    func defaultPolicy(orientation: Int) throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let input = try PrivacyFixtures.jpeg(in: folder, orientation: orientation)
        let result = try StrippingChecks.strip(input, in: folder)
        #expect(result.removed == [.gps, .xmp, .iptc, .identifyingFields])
        #expect(!PrivacyTools.personalTags(result.before).isEmpty)
        #expect(result.after["IFD0:Orientation"] as? Int == orientation)
        #expect(
            PictureBytes.jpeg(try Data(contentsOf: result.output)) == PictureBytes.jpeg(try Data(contentsOf: input)))
        #expect(try ImageInspector().inspect(fileAt: result.output).personalMetadata == [])
    }

    @Test(
        "location only removes every GPS tag, EXIF and XMP, and keeps the rest of the XMP packet and the other fields")
    func locationOnly() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let input = try PrivacyFixtures.jpeg(in: folder)
        let result = try StrippingChecks.strip(input, in: folder, policy: .removeLocation)
        #expect(result.removed == .gps)
        let gps = result.after.keys.filter { $0.hasPrefix("GPS:") || $0.contains(":GPS") }
        #expect(gps.isEmpty, "\(gps)")
        #expect(result.after["XMP-dc:Creator"] as? String == "Jane Doe")
        #expect(result.after["XMP-dc:Title"] as? String == "Holiday in town")
        #expect(result.after["IPTC:City"] as? String == "Lutetia")
        #expect(result.after["ExifIFD:SerialNumber"] as? String == "BODY1234")
        let data = try Data(contentsOf: result.output)
        #expect(data.count == (try Data(contentsOf: input)).count, "blanked in place, nothing moved")
        #expect(data.range(of: Data("48.8566".utf8)) == nil && data.range(of: Data("2.3522".utf8)) == nil)
    }

    @Test("extended XMP goes with the main packet; location only keeps both, the extension's GUID still matching")
    func extendedXMP() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let input = try PrivacyFixtures.jpeg(in: folder, extendedXMP: true)
        let before = try PrivacyTools.tags(input)
        #expect(before["XMP-xmpNote:HasExtendedXMP"] != nil)
        let stripped = try StrippingChecks.strip(input, in: folder)
        #expect(stripped.after.keys.filter { $0.hasPrefix("XMP") }.isEmpty)
        let outputBytes = try Data(contentsOf: stripped.output)
        #expect(outputBytes.range(of: Data("http://ns.adobe.com/xmp/extension/".utf8)) == nil)
        #expect(outputBytes.range(of: Data("a long description".utf8)) == nil)
        let located = try StrippingChecks.strip(input, in: folder, policy: .removeLocation)
        #expect(
            (located.after["XMP-dc:Description"] as? String)?.count == (before["XMP-dc:Description"] as? String)?.count)
    }

    @Test("MakerNotes are removed, their bytes zeroed")
    func makerNotes() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let input = try PrivacyFixtures.jpeg(in: folder, personal: false)
        let withNote = folder.appending("maker.jpg")
        try PrivacyExif.insertingMakerNote(Array("SECRETSERIAL 4242 maker data".utf8), into: Data(contentsOf: input))
            .write(to: withNote)
        #expect(try PrivacyTools.tags(withNote)["ExifIFD:MakerNoteUnknownText"] != nil)
        #expect(try ImageInspector().inspect(fileAt: withNote).personalMetadata == .makerNotes)
        let result = try StrippingChecks.strip(withNote, in: folder)
        #expect(result.removed == .makerNotes)
        #expect(try Data(contentsOf: result.output).range(of: Data("SECRETSERIAL".utf8)) == nil)
        #expect(PrivacyTools.personalTags(result.after) == [])
    }

    @Test("an MPF secondary image is edited in place and its offset rewritten, as exiftool reads them")
    func multiPicture() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let primary = try Data(contentsOf: PrivacyFixtures.jpeg(in: folder, name: "primary.jpg"))
        let secondary = try Data(contentsOf: PrivacyFixtures.jpeg(in: folder, name: "gain-map.jpg", orientation: 1))
        let input = folder.appending("mpf.jpg")
        try PrivacyExif.multiPicture(primary: primary, secondary: secondary).write(to: input)
        #expect(try PrivacyTools.binary("MPImage2", of: input) == secondary)
        let output = folder.appending("stripped.jpg")
        #expect(try MetadataStripper().strip(fileAt: input, to: output) == [.gps, .xmp, .iptc, .identifyingFields])
        let extracted = folder.appending("extracted.jpg")
        try PrivacyTools.binary("MPImage2", of: output).write(to: extracted)
        #expect(PictureBytes.jpeg(try Data(contentsOf: extracted)) == PictureBytes.jpeg(secondary))
        #expect(try Data(contentsOf: extracted).count == secondary.count)
        let tags = try PrivacyTools.tags(extracted)
        let left = PrivacyTools.personalTags(tags).filter { !$0.hasPrefix("XMP") && !$0.hasPrefix("IPTC") }
        #expect(left == [], "\(left)")
        #expect(tags["XMP-dc:Creator"] == nil && tags["XMP-dc:Title"] as? String == "Holiday in town")
        #expect(try PrivacyTools.pixelSignature(output) == PrivacyTools.pixelSignature(input))
    }

    @Test("a JPEG with nothing personal, or any JPEG kept whole, is copied byte for byte")
    func nothingToRemove() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let plain = try PrivacyFixtures.jpeg(in: folder, name: "plain.jpg", personal: false)
        let output = folder.appending("out.jpg")
        #expect(try MetadataStripper().strip(fileAt: plain, to: output) == [])
        #expect(try Data(contentsOf: output) == Data(contentsOf: plain))
        let personal = try PrivacyFixtures.jpeg(in: folder)
        #expect(try MetadataStripper(policy: .keepAll).strip(fileAt: personal, to: output) == [])
        #expect(try Data(contentsOf: output) == Data(contentsOf: personal))
    }

    @Test("the inspector reports what a JPEG carries, and the stripper removes exactly that")
    func inspectorReport() throws {
        let folder = try StorageTemporaryDirectory("privacy-jpeg")
        let input = try PrivacyFixtures.jpeg(in: folder)
        let header = try ImageInspector().inspect(fileAt: input)
        #expect(header.personalMetadata == [.gps, .xmp, .iptc, .identifyingFields])
        #expect(try ImageInspector().inspect(Data(contentsOf: input)).personalMetadata == header.personalMetadata)
        #expect(header.orientation == .right)
    }
}
#endif
