import AttachmentKit
import AttachmentKitCommands
import Foundation
import Testing

@Suite("attachmentkit resolve", SuiteTimeLimit.minutes(5), .inTurn)
struct ResolveCommandTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with no arguments it resolves the built-in sample: PNG original, JPEG preview, 96 x 128")
    func sample() async throws {
        for arguments in [[], ["resolve"]] {
            let outcome = try await AttachmentKitTool.runWithTemporaryStore(arguments)
            #expect(outcome.status == 0)
            #expect(outcome.errorOutput.isEmpty)
            #expect(outcome.output.contains("image message: yes"))
            #expect(outcome.output.contains("preview: preview (image/jpeg+preview, complete, local file"))
            #expect(outcome.output.contains("original: original (image/png, complete, local file"))
            #expect(outcome.output.contains("placeholder size: 96 x 128 (from the size part, orientation up)"))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the sample's original is a real PNG, and the sample's folder is removed when the run ends")
    func sampleFilesAreImagesAndRemoved() async throws {
        let store = try StorageTemporaryDirectory("cli-store")
        let outcome = await AttachmentKitTool.run(["resolve", "--store", store.url.path])
        #expect(outcome.status == 0)
        let sample = try #require(Self.path(after: "original: downloading file://", upTo: "/original.png", in: outcome))
        #expect(sample.contains("attachmentkit-sample-"))
        #expect(!FileManager.default.fileExists(atPath: sample))
        let original = try #require(
            Self.path(
                after: "original: original (image/png, complete, local file ",
                upTo: ")", in: outcome))
        let png = try Data(contentsOf: URL(fileURLWithPath: original))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "when --store is in use, the temporary store used instead is removed when the run ends")
    func fallbackStoreRemoved() async throws {
        let store = try StorageTemporaryDirectory("cli-store")
        let holder = try FileContentStore(directory: store.url, byteCapacity: 1 << 20)
        let outcome = await AttachmentKitTool.run(["resolve", "--store", store.url.path])
        #expect(outcome.status == 0)
        let fallback = try #require(Self.path(after: "is in use; downloading into ", upTo: ",", in: outcome))
        #expect(fallback.contains("attachmentkit-store-"))
        #expect(!FileManager.default.fileExists(atPath: fallback))
        withExtendedLifetime(holder) {}
    }

    /// The text of the tool's output between `prefix` and the next `end`.
    static func path(after prefix: String, upTo end: String, in outcome: AttachmentKitTool.Outcome) -> String? {
        guard let start = outcome.output.range(of: prefix) else { return nil }
        let rest = outcome.output[start.upperBound...]
        guard let stop = rest.range(of: end) else { return nil }
        return String(rest[..<stop.lowerBound])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a described message with a remote original reports what is not local")
    func describedMessage() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: folder.appendingPathComponent("p.jpg"))
        let message = folder.appendingPathComponent("m.json")
        try Data(
            """
            {"parts":[
              {"mimeType":"image/jpeg","status":"readyForDownload","url":"https://example.com/full.jpg"},
              {"id":"pv","mimeType":"image/jpeg+preview","file":"p.jpg"}
            ]}
            """.utf8
        ).write(to: message)
        let outcome = await AttachmentKitTool.run(["resolve", message.path, "--no-download"])
        #expect(outcome.status == 0)
        #expect(
            outcome.output.contains(
                "original: part-1 (image/jpeg, readyForDownload, not local, at https://example.com/full.jpg)"))
        #expect(outcome.output.contains("preview: pv (image/jpeg+preview, complete, local file \(folder.path)/p.jpg)"))
        #expect(outcome.output.contains("placeholder size: unknown (no local size part)"))
        #expect(outcome.output.contains("local: pv"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "bad usage and bad input print one line and exit with status 2",
        arguments: [
            (["--bogus"], "unknown option \"--bogus\""),
            (["frobnicate"], "unknown command \"frobnicate\""),
            (["resolve", "a.json", "b.json"], "resolve takes one message file, not 2"),
            (["resolve", "/nonexistent/message.json"], "can't read /nonexistent/message.json"),
        ])
    func badUsage(arguments: [String], message: String) async {
        let outcome = await AttachmentKitTool.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput.hasPrefix("attachmentkit: "))
        #expect(outcome.errorOutput.contains(message))
        #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "malformed message files are rejected with the reason",
        arguments: [
            ("{", "not valid JSON"),
            (#"{"parts":[{"status":"complete"}]}"#, "missing \"mimeType\" at .parts[0]"),
            (#"{"parts":[{"mimeType":"jpeg"}]}"#, "part part-1: \"jpeg\" has no '/'"),
            (#"{"parts":[{"mimeType":"image/png","status":"lost"}]}"#, "unknown status \"lost\""),
            (#"{"parts":[{"mimeType":"image/png","data":"@@@"}]}"#, "\"data\" is not valid base64"),
            (#"{"parts":[{"mimeType":"image/png","data":"AA==","file":"x"}]}"#, "at most one of file, url and data"),
            (#"{"parts":[{"mimeType":"image/png","url":"no scheme"}]}"#, "is not a URL"),
        ])
    func malformed(json: String, reason: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data(json.utf8).write(to: file)
        let outcome = await AttachmentKitTool.run(["resolve", file.path])
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.contains("malformed message"))
        #expect(outcome.errorOutput.contains(reason))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("help prints the usage and exits 0")
    func help() async {
        let outcome = await AttachmentKitTool.run(["help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("usage: attachmentkit"))
    }

    /// A new folder in the temporary directory: the caller removes it.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-tests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
