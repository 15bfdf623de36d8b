#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

@Suite("attachmentkit compose and send", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct SendCommandTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("compose writes the parts and prints the message JSON that resolve reads")
    func composeThenResolve() async throws {
        let folder = try StorageTemporaryDirectory("cli-compose")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: 6, thumbnail: true)
        let out = folder.appending("out")
        let composed = await AttachmentKitTool.run(["compose", photo.path, "--out", out.path])
        #expect(composed.status == 0)
        #expect(composed.output.contains("\"status\" : \"awaitingUpload\""))
        let resolved = await AttachmentKitTool.run(["resolve", out.appendingPathComponent("photo.message.json").path])
        #expect(resolved.status == 0)
        #expect(resolved.output.contains("photo/preview"))
        #expect(resolved.output.contains("480"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("compose refuses an HTML page with exit 2 and one line")
    func composeRefuses() async throws {
        let folder = try StorageTemporaryDirectory("cli-compose")
        let page = folder.appending("photo.jpg")
        try Data("<!DOCTYPE html><html></html>".utf8).write(to: page)
        let outcome = await AttachmentKitTool.run(["compose", page.path])
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.contains("an HTML document, not an image"))
        #expect(outcome.errorOutput.split(separator: "\n").count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("send --tus uploads every part and prints where each went; a failed upload exits 1")
    func send() async throws {
        let server = try await TusTestServer(faults: [])
        let folder = try StorageTemporaryDirectory("cli-send")
        let photo = try await SendingFixtures.jpeg(
            in: folder, name: "photo.jpg", width: 640, height: 480, exifOrientation: 6, thumbnail: true)
        let store = folder.appending("store").path
        let sent = await AttachmentKitTool.run(
            ["send", photo.path, "--to", server.endpoint.absoluteString, "--tus", "--store", store])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        #expect(sent.output.components(separatedBy: " -> http://127.0.0.1:\(server.port)/files/").count == 4)
        let failed = await AttachmentKitTool.run(
            [
                "send", photo.path, "--to", "http://127.0.0.1:\(server.port)/nowhere", "--store",
                folder.appending("other").path,
            ])
        #expect(failed.status == 1)
        #expect(failed.errorOutput.hasPrefix("attachmentkit: part 1 of the message"))
    }

    #if os(macOS) || os(Linux)
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a send killed with SIGKILL mid-upload is resumed by the same command from the server's offset")
    func killedAndResumed() async throws {
        let tool = try #require(ChildProcess.builtExecutable("attachmentkit"))
        let half = 2 << 20
        // No checksum offered: a server keeps the half of a chunk that arrived only when it has no
        // checksum to verify (with one it refuses the cut-off chunk whole, and the resume starts
        // that chunk again).
        let server = try await TusTestServer(faults: [.stop(patch: 0, after: half)], checksumAlgorithms: "")
        let folder = try StorageTemporaryDirectory("cli-crash")
        let source = try SendingFixtures.randomFile(in: folder, name: "big.bin", count: 2 * half, seed: 41)
        let arguments = [
            "send", source.path, "--to", server.endpoint.absoluteString, "--tus", "--as-file", "--store",
            folder.appending("store").path,
        ]
        let child = try ChildProcess(tool, arguments: arguments)
        try await waitUntil("the server to hold half the file") { server.hasStopped }
        child.terminate()
        #expect(await offThePool { child.wait() } == 128 + SIGKILL)
        let resumed = await AttachmentKitTool.run(arguments)
        #expect(resumed.status == 0, "\(resumed.errorOutput)")
        #expect(resumed.output.contains("resumed at byte \(half)"))
        let last = try #require(server.patches.last)
        #expect(last.offset == Int64(half))
        #expect(last.received == Int64(half))
        let files = try FileManager.default.contentsOfDirectory(atPath: server.directory.appending("files").path)
        let stored = try #require(files.first { !$0.hasSuffix(".info") && !$0.hasSuffix(".lock") })
        #expect(
            try sha256Hex(of: server.directory.appending("files").appendingPathComponent(stored))
                == sha256Hex(of: source))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a send killed mid-PATCH with a checksum sends at most that one chunk again when resumed")
    func killedMidChecksummedChunk() async throws {
        let tool = try #require(ChildProcess.builtExecutable("attachmentkit"))
        let chunk = TusUpload.checksummedChunkByteCount
        // The second PATCH stops after half its chunk: the server refuses what came of it whole.
        let server = try await TusTestServer(faults: [.stop(patch: 1, after: Int(chunk / 2))])
        let folder = try StorageTemporaryDirectory("cli-crash")
        let size = 2 * chunk + chunk / 2
        let source = try SendingFixtures.randomFile(in: folder, name: "big.bin", count: Int(size), seed: 42)
        let arguments = [
            "send", source.path, "--to", server.endpoint.absoluteString, "--tus", "--as-file", "--store",
            folder.appending("store").path,
        ]
        let child = try ChildProcess(tool, arguments: arguments)
        try await waitUntil("the second PATCH to stop") { server.hasStopped }
        child.terminate()
        #expect(await offThePool { child.wait() } == 128 + SIGKILL)
        let resumed = await AttachmentKitTool.run(arguments)
        #expect(resumed.status == 0, "\(resumed.errorOutput)")
        #expect(resumed.output.contains("resumed at byte \(chunk)"))
        #expect(server.patches.allSatisfy { $0.length <= chunk })
        #expect(server.patches.allSatisfy { $0.fault != nil || $0.checksum != nil })
        #expect(server.patches.map(\.received).reduce(0, +) - size <= chunk)
        let files = try FileManager.default.contentsOfDirectory(atPath: server.directory.appending("files").path)
        let stored = try #require(files.first { !$0.hasSuffix(".info") && !$0.hasSuffix(".lock") })
        #expect(
            try sha256Hex(of: server.directory.appending("files").appendingPathComponent(stored))
                == sha256Hex(of: source))
    }
    #endif
}
#endif
