import AttachmentKitCommands
import Foundation
import Testing

@Suite("attachmentkit inspect", SuiteTimeLimit.minutes(2), .inTurn)
struct InspectCommandTests {
    private func fixture(_ name: String) throws -> String { try ImagingFixtures.url(name).path }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("prints format, sizes, orientation, flags and the bytes read for each file")
    func report() async throws {
        let outcome = await AttachmentKitTool.run([
            "inspect", try fixture("jpeg-orientation-6.jpg"), try fixture("webp-animated.webp"),
        ])
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput.isEmpty)
        for line in [
            "  format: JPEG (image/jpeg)", "  stored size: 36 x 20", "  orientation: right (EXIF 6)",
            "  displayed size: 20 x 36", "  progressive: no", "  animated: no", "  extension: .jpg matches",
            "  format: WebP (image/webp)", "  animated: yes", "  pixels: 720, within the 100000000 limit",
        ] {
            #expect(outcome.output.contains(line + "\n"), "\(line)")
        }
        #expect(outcome.output.contains("  bytes read: 656 of 656\n"))
        let progressive = await AttachmentKitTool.run(["inspect", try fixture("jpeg-progressive.jpg")])
        #expect(progressive.output.contains("  progressive: yes\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("says when the extension or the --mime type lies about the content")
    func lies() async throws {
        let disguised = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID()).jpg")
        try Data(contentsOf: ImagingFixtures.url("heic-plain.heic")).write(to: disguised)
        defer { try? FileManager.default.removeItem(at: disguised) }
        let outcome = await AttachmentKitTool.run(["inspect", disguised.path, "--mime", "application/octet-stream"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("  extension: .jpg lies: it names JPEG, the content is HEIC\n"))
        #expect(outcome.output.contains("  declared type: application/octet-stream lies: the content is image/heic\n"))
        let honest = await AttachmentKitTool.run(["inspect", try fixture("png-plain.png"), "--mime", "image/png"])
        #expect(honest.output.contains("  declared type: image/png matches\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("flags an image over the pixel limit as a possible decompression bomb")
    func bomb() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID()).png")
        try SyntheticImages.png(width: 60_000, height: 60_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = await AttachmentKitTool.run(["inspect", url.path])
        #expect(outcome.output.contains("over the 100000000 limit: a possible decompression bomb"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file that is no image or can't be read gets a one-line error and status 2; the others are reported")
    func errors() async throws {
        let outcome = await AttachmentKitTool.run([
            "inspect", try fixture("make-fixtures.sh"), "/no/such/file.png", try fixture("gif-still.gif"),
        ])
        #expect(outcome.status == 2)
        let lines = outcome.errorOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("make-fixtures.sh: not an image: a script") == true)
        #expect(lines.last == "attachmentkit: /no/such/file.png: can't read /no/such/file.png: no such file")
        #expect(outcome.output.contains("  format: GIF (image/gif)\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("no file, a bad --mime value or an unknown option is a usage error")
    func usage() async {
        let noFile = await AttachmentKitTool.run(["inspect"])
        #expect(noFile.status == 2)
        #expect(noFile.errorOutput == "attachmentkit: inspect needs at least one image file\n")
        let badType = await AttachmentKitTool.run(["inspect", "a.png", "--mime", "not a type"])
        #expect(badType.status == 2 && badType.errorOutput.hasPrefix("attachmentkit: --mime not a type: "))
        let unknown = await AttachmentKitTool.run(["inspect", "a.png", "--fast"])
        #expect(unknown.errorOutput == "attachmentkit: unknown option \"--fast\"; try attachmentkit help\n")
        let overview = await AttachmentKitTool.run(["help"]).output
        #expect(overview.contains("attachmentkit inspect FILE|URL... [--mime TYPE] [--scans]"))
    }
}
