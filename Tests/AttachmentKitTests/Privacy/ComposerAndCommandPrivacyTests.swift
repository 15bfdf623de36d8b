#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, ffmpeg): macOS and Linux only.
import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "The composer and the command strip by default", .inTurn,
    .enabled(
        if: PrivacyTools.areInstalled("exiftool", "convert", "identify"), "exiftool or ImageMagick is not installed"))
struct ComposerAndCommandPrivacyTests {
    @Test("the composer sends a stripped copy of the original and a preview without metadata of its own")
    func composerStrips() throws {
        let folder = try StorageTemporaryDirectory("privacy-compose")
        let photo = try PrivacyFixtures.jpeg(in: folder)
        let outbox = folder.appending("outbox")
        let attachment = try AttachmentComposer(previewSource: .embeddedThumbnail).compose(
            imageAt: photo, into: outbox, id: "m1")
        let sent = try #require(attachment.original.localContent?.fileURL)
        #expect(sent == outbox.appendingPathComponent("m1.original.jpg"))
        #expect(attachment.removedMetadata == [.gps, .xmp, .iptc, .identifyingFields])
        #expect(attachment.header?.personalMetadata == [])
        #expect(attachment.original.byteCount == Int64(try Data(contentsOf: sent).count))
        #expect(PrivacyTools.personalTags(try PrivacyTools.tags(sent)) == [])
        #expect(try PrivacyTools.pixelSignature(sent) == PrivacyTools.pixelSignature(photo))
        let preview = try #require(attachment.preview?.localContent?.fileURL)
        #expect(PrivacyTools.personalTags(try PrivacyTools.tags(preview)) == [])
        #expect(try ImageInspector().inspect(fileAt: preview).orientation == .right)
    }

    @Test("keep everything sends the picked file itself; a photo with nothing personal is sent as picked too")
    func composerKeeps() throws {
        let folder = try StorageTemporaryDirectory("privacy-compose")
        let photo = try PrivacyFixtures.jpeg(in: folder)
        let kept = try AttachmentComposer(metadataPolicy: .keepAll).compose(imageAt: photo, into: folder.url, id: "m")
        #expect(kept.original.localContent == .file(photo) && kept.removedMetadata == [])
        #expect(kept.header?.personalMetadata == [.gps, .xmp, .iptc, .identifyingFields])
        let plain = try PrivacyFixtures.jpeg(in: folder, name: "plain.jpg", personal: false)
        let sent = try AttachmentComposer().compose(imageAt: plain, into: folder.url, id: "p")
        #expect(sent.original.localContent == .file(plain))
        #expect(!FileManager.default.fileExists(atPath: folder.appending("p.original.jpg").path))
        let located = try AttachmentComposer(metadataPolicy: .removeLocation).compose(
            imageAt: photo, into: folder.url, id: "l")
        #expect(located.removedMetadata == .gps)
        #expect(located.header?.personalMetadata == [.xmp, .iptc, .identifyingFields])
    }

    @Test("an original whose metadata can't be read is not sent")
    func composerRefuses() throws {
        let folder = try StorageTemporaryDirectory("privacy-compose")
        let png = folder.appending("damaged.png")
        try SyntheticImages.png(width: 8, height: 8).write(to: png)
        #expect {
            try AttachmentComposer().compose(imageAt: png, into: folder.url, id: "m")
        } throws: { error in
            guard case AttachmentComposer.Error.metadataNotRemoved(png, .malformedImage) = error else { return false }
            return true
        }
        #expect(
            try AttachmentComposer(metadataPolicy: .keepAll).compose(imageAt: png, into: folder.url, id: "m").original
                .localContent == .file(png))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "attachmentkit strip prints what it removed; bad input exits 2 with one line and no output",
        .timeLimit(.minutes(1)))
    func stripCommand() async throws {
        let folder = try StorageTemporaryDirectory("privacy-command")
        let photo = try PrivacyFixtures.jpeg(in: folder)
        let output = folder.appending("out.jpg")
        let outcome = await AttachmentKitTool.run(["strip", photo.path, output.path])
        #expect(outcome.status == 0 && outcome.errorOutput.isEmpty)
        #expect(outcome.output == "removed: GPS, XMP, IPTC, identifying fields\n")
        let again = await AttachmentKitTool.run(["strip", output.path, folder.appending("again.jpg").path])
        #expect(again.output == "removed: nothing\n")
        let located = await AttachmentKitTool.run([
            "strip", "--location-only", photo.path, folder.appending("l.jpg").path,
        ])
        #expect(located.output == "removed: GPS\n")
        let page = folder.appending("page.jpg")
        try Data("<html><body>404</body></html>".utf8).write(to: page)
        let refused = await AttachmentKitTool.run(["strip", page.path, folder.appending("none.jpg").path])
        #expect(refused.status == 2 && refused.output.isEmpty)
        #expect(
            refused.errorOutput.hasPrefix("attachmentkit: ") && refused.errorOutput.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appending("none.jpg").path))
        let inspected = await AttachmentKitTool.run(["inspect", photo.path, output.path])
        #expect(inspected.output.contains("  metadata: GPS, XMP, IPTC, identifying fields\n"))
        #expect(inspected.output.contains("  metadata: none\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "attachmentkit compose strips the original it writes; --keep-metadata sends the file byte for byte",
        .timeLimit(.minutes(1)))
    func composeCommand() async throws {
        let folder = try StorageTemporaryDirectory("privacy-command")
        let photo = try PrivacyFixtures.jpeg(in: folder)
        let out = folder.appending("out")
        let stripped = await AttachmentKitTool.run(["compose", photo.path, "--out", out.path])
        #expect(stripped.status == 0, "\(stripped.errorOutput)")
        #expect(stripped.output.contains("\"file\" : \"photo.original.jpg\""))
        #expect(
            PrivacyTools.personalTags(try PrivacyTools.tags(out.appendingPathComponent("photo.original.jpg"))) == [])
        let kept = await AttachmentKitTool.run([
            "compose", photo.path, "--out", folder.appending("kept").path, "--keep-metadata",
        ])
        #expect(kept.status == 0)
        #expect(kept.output.contains("\"file\" : \"\(photo.path.replacingOccurrences(of: "/", with: "\\/"))\""))
        #expect(!FileManager.default.fileExists(atPath: folder.appending("kept/photo.original.jpg").path))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "attachmentkit inspect reports a video's location", .timeLimit(.minutes(1)),
        .enabled(if: PrivacyTools.areInstalled("ffmpeg"), "ffmpeg is not installed"))
    func inspectVideo() async throws {
        let folder = try StorageTemporaryDirectory("privacy-command")
        let clip = try PrivacyFixtures.video(in: folder, name: "clip.mp4")
        let outcome = await AttachmentKitTool.run(["inspect", clip.path])
        #expect(outcome.output.contains("  metadata: XMP, identifying fields, video location\n"), "\(outcome.output)")
    }
}
#endif
