import AttachmentKitCommands
import Foundation
import Testing

@Suite("attachmentkit resolve --bounds --screen-scale", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolveViewportOptionsTests {
    /// Writes a message whose only parts are a remote JPEG and, when given, a size part with
    /// `sizeJSON`, in a new folder, and returns the file's URL. The caller removes the folder.
    private func messageFile(sizeJSON: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-viewport-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var parts = [
            #"{ "id": "full", "mimeType": "image/jpeg", "status": "readyForDownload", "url": "https://example.com/p.jpg" }"#
        ]
        if let sizeJSON {
            let data = Data(sizeJSON.utf8).base64EncodedString()
            parts.append(#"{ "id": "size", "mimeType": "application/json+imageSize", "data": "\#(data)" }"#)
        }
        let file = folder.appendingPathComponent("message.json")
        try Data(#"{ "name": "photo", "parts": [\#(parts.joined(separator: ","))] }"#.utf8).write(to: file)
        return file
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "prints the worked viewport of a 3000 × 4000 photo on a 375 × 667 phone at screen scale 2")
    func workedValues() async throws {
        let file = try messageFile(sizeJSON: #"{"width":3000,"height":4000}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let path = file.path
        let outcome = await AttachmentKitTool.run([
            "resolve", path, "--no-download", "--bounds", "375x667", "--screen-scale", "2",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput == "")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("viewport: 375 x 667 pt, screen scale 2, aspect fit"))
        #expect(lines.contains("  image: 3000 x 4000 px at image scale 1 = 3000 x 4000 pt"))
        #expect(lines.contains("  zoom: 0.125 (minimum 0.125, maximum 0.5)"))
        #expect(lines.contains("  scaled content: 375 x 500 pt"))
        #expect(lines.contains("  content inset: top 83.5, left 0, bottom 83.5, right 0"))
        #expect(lines.contains("  content offset: (0, -83.5) (valid x 0...0, y -83.5...-83.5)"))
        #expect(lines.contains("  double tap at the centre: zooms in to 0.5"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("uses the displayed size of a sideways photo and the zoom policy asked for")
    func orientationAndPolicy() async throws {
        let file = try messageFile(sizeJSON: #"{"width":800,"height":1000,"orientation":3}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let path = file.path
        let outcome = await AttachmentKitTool.run([
            "resolve", "--no-download", "--bounds", "375x667", path, "--zoom-policy", "0.2...5", "--screen-scale", "3",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("viewport: 375 x 667 pt, screen scale 3, fixed 0.2...5\n"))
        #expect(outcome.output.contains("  image: 1000 x 800 px"))
        #expect(outcome.output.contains("  zoom: 1 (minimum 0.2, maximum 5)\n"))
        #expect(outcome.output.contains("  content offset: (0, 0) (valid x 0...625, y 0...133)\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the built-in sample's small image cannot zoom, and the output says so")
    func sampleMessage() async throws {
        let outcome = try await AttachmentKitTool.runWithTemporaryStore([
            "--bounds", "375x667", "--screen-scale", "2", "--zoom-policy", "fit",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("  zoom: 0.5 (minimum 0.5, maximum 0.5)\n"))
        #expect(outcome.output.contains("  double tap at the centre: does nothing (the minimum equals the maximum)\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("says the size is unknown when the message has no size part")
    func unknownSize() async throws {
        let file = try messageFile(sizeJSON: nil)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let path = file.path
        let outcome = await AttachmentKitTool.run([
            "resolve", path, "--no-download", "--bounds", "375x667", "--screen-scale", "2",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasSuffix("  image size: unknown (no local size part), so no zoom geometry\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("prints no viewport without the flags")
    func noFlags() async throws {
        let outcome = try await AttachmentKitTool.runWithTemporaryStore(["resolve"])
        #expect(outcome.status == 0)
        #expect(!outcome.output.contains("viewport"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "invalid viewport flags fail with one line and status 2",
        arguments: [
            (["--bounds", "0x5", "--screen-scale", "2"], "--bounds needs a width and height above zero"),
            (["--bounds", "abc", "--screen-scale", "2"], "not \"abc\""),
            (["--bounds", "375x", "--screen-scale", "2"], "not \"375x\""),
            (["--bounds", "375x667", "--screen-scale", "-1"], "--screen-scale needs a number above zero"),
            (["--bounds", "375x667", "--screen-scale", "nan"], "not \"nan\""),
            (["--bounds", "375x667"], "--bounds needs --screen-scale"),
            (["--screen-scale", "2"], "need --bounds"),
            (["--bounds", "375x667", "--screen-scale", "2", "--zoom-policy", "5...0.2"], "--zoom-policy needs"),
            (["--bounds", "375x667", "--screen-scale"], "--screen-scale needs a value"),
        ])
    func invalidFlags(arguments: [String], message: String) async {
        let outcome = await AttachmentKitTool.run(["resolve"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.output == "")
        #expect(outcome.errorOutput.hasPrefix("attachmentkit: "))
        #expect(outcome.errorOutput.contains(message))
        #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
    }

    @Test("the usage text documents the viewport flags")
    func usage() {
        #expect(AttachmentKitTool.usage.contains("--bounds WxH --screen-scale S"))
    }
}
