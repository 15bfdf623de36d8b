import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// `attachmentkit resolve` on a video message (poster, size, rotation, duration) and on a file
/// message (name, type, byte count).
@Suite("attachmentkit resolve: video and file messages", SuiteTimeLimit.minutes(5), .inTurn)
struct ResolveVideoAndFileCommandTests {
    /// Writes `parts` (JSON objects) as a message file in `folder`.
    static func message(_ parts: [String], in folder: StorageTemporaryDirectory) throws -> String {
        let url = folder.url.appendingPathComponent("message.json")
        try Data(#"{ "parts": [ \#(parts.joined(separator: ", ")) ] }"#.utf8).write(to: url)
        return url.path
    }

    static func poster(in folder: StorageTemporaryDirectory) throws -> String {
        try SyntheticImages.jpeg(width: 320, height: 180).write(to: folder.url.appendingPathComponent("poster.jpg"))
        return #"{ "id": "poster", "mimeType": "image/jpeg+preview", "file": "poster.jpg" }"#
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a local rotated video: the poster, the size from its header, the rotation and the duration")
    func localVideo() async throws {
        let folder = try StorageTemporaryDirectory("cli-video")
        let clip = try await ISOMediaCorpus.shared().url("rotate-90.mp4")
        let path = try Self.message(
            [try Self.poster(in: folder), #"{ "id": "video", "mimeType": "video/mp4", "file": "\#(clip.path)" }"#],
            in: folder)
        let outcome = try await AttachmentKitTool.runWithTemporaryStore(["resolve", path])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("kind: video\n"))
        #expect(outcome.output.contains("poster: poster (image/jpeg+preview, complete, local file"))
        #expect(outcome.output.contains("placeholder size: 90 x 160 (from the video header of video, orientation up)"))
        let oracle = try await ISOMediaOracle(clip)
        #expect(outcome.output.contains("rotation: \(oracle.exiftoolRotation ?? 0)°\n"))
        let duration = try #require(oracle.formatDuration)
        #expect(outcome.output.contains("duration: \(String(format: "%.3f s", duration))\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a size part with a duration gives size and duration; the rotation is unknown without a header")
    func sizePart() async throws {
        let folder = try StorageTemporaryDirectory("cli-video")
        let size = Data(#"{"width":1920,"height":1080,"duration":61.25}"#.utf8).base64EncodedString()
        let path = try Self.message(
            [
                try Self.poster(in: folder),
                #"{ "id": "video", "mimeType": "video/mp4", "status": "readyForDownload" }"#,
                #"{ "id": "size", "mimeType": "application/json+imageSize", "data": "\#(size)" }"#,
            ], in: folder)
        let outcome = try await AttachmentKitTool.runWithTemporaryStore(["resolve", path])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("placeholder size: 1920 x 1080 (from the size part, orientation up)"))
        #expect(outcome.output.contains("duration: 61.250 s\n"))
        #expect(outcome.output.contains("rotation: unknown (no video header read)\n"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a remote video without a size part: its header is read with ranged requests, the video is not downloaded",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
    func remoteVideo() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let clip = try await ISOMediaCorpus.shared().url("rotate-270.mp4")
        try server.serve(try Data(contentsOf: clip), as: "clip.mp4")
        let folder = try StorageTemporaryDirectory("cli-video")
        let path = try Self.message(
            [
                try Self.poster(in: folder),
                #"{ "id": "video", "mimeType": "video/mp4", "status": "readyForDownload", "url": "\#(server.url("clip.mp4"))" }"#,
            ], in: folder)
        let outcome = try await AttachmentKitTool.runWithTemporaryStore(["resolve", path])
        #expect(outcome.status == 0)
        #expect(
            outcome.output.contains(
                "placeholder size: 90 x 160 (from the video header of video, read with ranged requests, orientation up)"
            ))
        #expect(outcome.output.contains("rotation: \(try await ISOMediaOracle(clip).exiftoolRotation ?? 0)°\n"))
        #expect(!outcome.output.contains("video: downloading"))
        let requests = server.requests
        let allRanged = requests.allSatisfy { $0.hasRange }
        #expect(!requests.isEmpty && allRanged)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file message: its name, type and byte count")
    func fileMessage() async throws {
        let folder = try StorageTemporaryDirectory("cli-file")
        let pdf = Data("%PDF-1.4\n%%EOF\n".utf8)
        try pdf.write(to: folder.url.appendingPathComponent("scan.pdf"))
        let path = try Self.message(
            [
                #"{ "id": "text", "mimeType": "text/plain", "data": "aGk=" }"#,
                #"{ "id": "doc", "mimeType": "application/pdf; name=\"Lease.pdf\"", "file": "scan.pdf" }"#,
                #"{ "id": "zip", "mimeType": "application/zip", "byteCount": 7, "status": "readyForDownload" }"#,
            ], in: folder)
        let outcome = try await AttachmentKitTool.runWithTemporaryStore(["resolve", path])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("kind: file\n"))
        #expect(outcome.output.contains("file: Lease.pdf (application/pdf, \(pdf.count) bytes)\n"))
        #expect(outcome.output.contains("image message: no"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a remote PDF that is an HTML page: the download fails with the mismatch and the store keeps nothing")
    func htmlForARemotePDF() async throws {
        let server = try await RemoteFileContentCheckTests.server(serving: RemoteFileContentCheckTests.page)
        defer { server.stop() }
        let folder = try StorageTemporaryDirectory("cli-file")
        let url = server.url("/f")
        let path = try Self.message(
            [#"{ "id": "doc", "mimeType": "application/pdf", "status": "readyForDownload", "url": "\#(url)" }"#],
            in: folder)
        let store = folder.url.appendingPathComponent("store")
        let outcome = await AttachmentKitTool.run(["resolve", path, "--store", store.path])
        #expect(outcome.output.contains("doc: download failed: the content is not the file the part declares: "))
        #expect(outcome.output.contains("content declared application/pdf is an HTML document"))
        #expect(server.requests(to: "/f").count == 1)
        let stored = try FileContentStore(directory: store, byteCapacity: 1 << 30)
        #expect(await stored.keys().isEmpty)
        #expect(await stored.partialDownload(for: ContentKey(partID: PartID(url.absoluteString))) == nil)
    }
}
#endif
