import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// A remote video's header read with ranged requests from a real nginx: at most three requests
/// and a bounded number of bytes, and a typed error from a server without ranges.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteMediaHeaderTests {
    /// `clip` with its `mdat` grown by `padding` zero bytes, written to `url` in pieces: a large
    /// file whose `moov` is at the end (the sample offsets no longer point at samples, which a
    /// header reader never follows).
    private static func padded(_ clip: Data, by padding: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var offset = 0
        while offset + 8 <= clip.count {
            let size = clip[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let box = clip[offset..<offset + size]
            if clip[offset + 4..<offset + 8] == Data("mdat".utf8) {
                var header = ImagingByteWriter()
                header.uint32(size + padding)
                header.text("mdat")
                handle.write(header.data + box.dropFirst(8))
                let zeros = Data(count: 8 << 20)
                for _ in 0..<padding / zeros.count { handle.write(zeros) }
                handle.write(Data(count: padding % zeros.count))
            } else {
                handle.write(box)
            }
            offset += size
        }
    }

    /// A reader through URLSession that may use http (the server is on 127.0.0.1).
    private static func reader(
        firstByteCount: Int = RemotePart.MediaHeaderReader.defaultFirstByteCount,
        maximumByteCount: Int = RemotePart.MediaHeaderReader.defaultMaximumByteCount
    ) -> RemotePart.MediaHeaderReader {
        RemotePart.MediaHeaderReader(
            transport: URLSessionTransport(), configuration: RemotePart.Configuration(allowedSchemes: ["http"]),
            firstByteCount: firstByteCount, maximumByteCount: maximumByteCount)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 200 MB file with moov at the end: at most three requests and under 1 MB")
    func moovAtTheEnd() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let clip = try Data(contentsOf: try await ISOMediaCorpus.shared().url("h264-aac-moov-at-end.mp4"))
        let file = server.root.appendingPathComponent("big.mp4")
        try Self.padded(clip, by: 200_000_000, to: file)
        let local = try ISOMediaInspector().inspect(fileAt: file)
        #expect(!local.isFastStart)

        let header = try await Self.reader().inspect(server.url("big.mp4"))
        #expect(header.reading(0) == local.reading(0))
        #expect(header.duration == local.duration)
        let requests = server.requests
        #expect(requests.count <= RemotePart.MediaHeaderReader.maximumRequestCount)
        #expect(requests.allSatisfy { $0.status == 206 && $0.hasRange && $0.acceptEncoding == "identity" })
        let bytes = requests.reduce(Int64(0)) { $0 + $1.bodyBytes }
        #expect(bytes < 1_000_000)
        #expect(Int64(header.inspectedByteCount) == bytes)
        #expect(requests.dropFirst().allSatisfy { !$0.ifRange.isEmpty && $0.ifRange != "-" })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "with 4 KiB first bytes, a fast-start file needs one request and one with moov at the end two")
    func fastStart() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        for (name, requests) in [("h264-aac-faststart.mp4", 1), ("h264-aac-moov-at-end.mp4", 2)] {
            let url = try await ISOMediaCorpus.shared().url(name)
            try server.serve(try Data(contentsOf: url), as: name)
            let before = server.requests.count
            let header = try await Self.reader(firstByteCount: 4096).inspect(server.url(name))
            #expect(header.reading(0) == (try ISOMediaInspector().inspect(fileAt: url)).reading(0))
            #expect(header.isFastStart == (requests == 1))
            #expect(server.requests.count - before == requests, "\(name)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a server without ranges is a typed error, and the body is not read")
    func noRanges() async throws {
        let server = try await RemoteNginxServer(extra: "max_ranges 0;")
        defer { server.stop() }
        let clip = try Data(contentsOf: try await ISOMediaCorpus.shared().url("h264-aac-moov-at-end.mp4"))
        try Self.padded(clip, by: 50_000_000, to: server.root.appendingPathComponent("big.mp4"))
        await #expect(throws: RemotePart.MediaHeaderReader.Error.rangesNotSupported(statusCode: 200)) {
            try await Self.reader().inspect(server.url("big.mp4"))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a moov larger than the byte limit is headerTooLarge, after at most three requests")
    func moovTooLarge() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let clip = try Data(contentsOf: try await ISOMediaCorpus.shared().url("h264-aac-moov-at-end.mp4"))
        try Self.padded(clip, by: 10_000_000, to: server.root.appendingPathComponent("big.mp4"))
        let reader = Self.reader(firstByteCount: 256, maximumByteCount: 300)
        do {
            _ = try await reader.inspect(server.url("big.mp4"))
            Issue.record("no error")
        } catch {
            guard case .headerTooLarge(let count, 300) = error, count > 300 else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(server.requests.count <= 3)
    }
}
#endif
