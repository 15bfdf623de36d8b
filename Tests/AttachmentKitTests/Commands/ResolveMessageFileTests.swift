import AttachmentKitCommands
import Foundation
import Testing

@Suite("attachmentkit resolve: message files", SuiteTimeLimit.minutes(2), .inTurn)
struct ResolveMessageFileTests {
    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `resolve` on a file written with `contents` in a temporary folder removed afterwards.
    func resolve(writing contents: Data, name: String = "message.json") async throws -> AttachmentKitTool.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-files-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try contents.write(to: file)
        return await AttachmentKitTool.run(["resolve", file.path])
    }

    func expectOneLine(_ outcome: AttachmentKitTool.Outcome, naming file: String, saying problem: String) {
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
        #expect(outcome.errorOutput.contains(file), "the message names the file: \(outcome.errorOutput)")
        #expect(outcome.errorOutput.contains(problem), "\(outcome.errorOutput)")
        #expect(!outcome.errorOutput.contains("NSCocoaErrorDomain"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a directory and a device are refused as not regular files, before anything is read")
    func notRegularFiles() async {
        let folder = FileManager.default.temporaryDirectory.path
        expectOneLine(
            await AttachmentKitTool.run(["resolve", folder]), naming: folder,
            saying: "is a directory, not a message file")
        expectOneLine(
            await AttachmentKitTool.run(["resolve", "/dev/zero"]), naming: "/dev/zero",
            saying: "is a character device, not a regular file")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a missing file, an empty file and a file over 1 MiB each get a one-line reason")
    func missingEmptyAndLarge() async throws {
        expectOneLine(
            await AttachmentKitTool.run(["resolve", "/nonexistent/m.json"]), naming: "/nonexistent/m.json",
            saying: "no such file")
        expectOneLine(try await resolve(writing: Data()), naming: "message.json", saying: "the file is empty")
        expectOneLine(
            try await resolve(writing: Data(count: (1 << 20) + 1)), naming: "message.json",
            saying: "it has 1048577 bytes; a message file may have at most 1048576")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an unknown key is refused by name, in a part or in the message",
        arguments: [
            (#"{"parts":[{"mimeType":"image/png","path":"x.png"}]}"#, #"unknown key "path" at .parts[0]"#),
            (#"{"parts":[],"title":"x"}"#, #"unknown key "title"; the message has only name, parts"#),
        ])
    func unknownKeys(json: String, reason: String) async throws {
        expectOneLine(try await resolve(writing: Data(json.utf8)), naming: "message.json", saying: reason)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "help resolve documents every key of the format, and the repository's example resolves")
    func documentedFormat() async {
        let help = await AttachmentKitTool.run(["help", "resolve"])
        #expect(help.status == 0)
        for key in ["mimeType", "id", "status", "byteCount", "file", "url", "data", "name", "parts", "1 MiB"] {
            #expect(help.output.contains(key), "help resolve mentions \(key)")
        }
        #expect(help.output.contains("Docs/Examples/photo-message.json"))
        let example = Self.repository.appendingPathComponent("Docs/Examples/photo-message.json")
        let outcome = await AttachmentKitTool.run(["resolve", example.path, "--no-download"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("placeholder size: 3024 x 4032 (from the size part, orientation right)"))
        #expect(outcome.output.contains("preview: preview (image/jpeg+preview, complete, local file"))
    }
}
