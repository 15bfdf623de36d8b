import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// A remote audio file's header read with ranged requests from a real nginx: the header the
/// local file gives, with at most three requests and 1 MiB.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteAudioHeaderTests {
    private static let reader = RemotePart.MediaHeaderReader(
        transport: URLSessionTransport(), configuration: RemotePart.Configuration(allowedSchemes: ["http"]))

    /// Checks the requests for `name` once nginx has logged all `fetched` bytes (it logs a request
    /// when it ends, maybe after the client has the body).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static func checkRequests(_ server: RemoteNginxServer, _ name: String, fetched: Int) async throws {
        let ofName = { server.requests.filter { $0.uri == "/\(name)" } }
        try await waitUntil("\(fetched) bytes of \(name) logged") {
            ofName().reduce(Int64(0)) { $0 + $1.bodyBytes } >= Int64(fetched)
        }
        let requests = ofName()
        #expect(requests.count <= RemotePart.MediaHeaderReader.maximumRequestCount)
        #expect(requests.allSatisfy { $0.status == 206 && $0.hasRange && $0.acceptEncoding == "identity" })
        #expect(requests.reduce(Int64(0)) { $0 + $1.bodyBytes } == Int64(fetched))
        #expect(fetched <= RemotePart.MediaHeaderReader.maximumAudioByteCount)
        #expect(requests.dropFirst().allSatisfy { !$0.ifRange.isEmpty && $0.ifRange != "-" })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "each corpus file gives the local header, in at most three requests",
        .enabled(if: AudioCorpus.isAvailable, "needs the audio corpus tools"))
    func corpus() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        for name in AudioCorpus.opusFiles + AudioCorpus.mp3Files + AudioCorpus.m4aFiles + ["stereo48k-vorbis.ogg"] {
            let url = try await AudioCorpus.shared().url(name)
            try server.serve(try Data(contentsOf: url), as: name)
            let header = try await Self.reader.inspectAudio(server.url(name))
            #expect(header.reading(0) == (try AudioInspector().inspect(fileAt: url)).reading(0), "\(name)")
            try await Self.checkRequests(server, name, fetched: header.inspectedByteCount)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 5 MB Ogg file: its first and last 64 KiB, two requests, the exact duration")
    func largeOgg() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let bytes = OggPageWriter.opusStream(audioPages: 20_000, packetsPerPage: 50)
        #expect(bytes.count > 4_000_000)
        try server.serve(Data(bytes), as: "long.opus")
        let header = try await Self.reader.inspectAudio(server.url("long.opus"))
        #expect(header.duration == MediaDuration(value: 20_000 * 48_000 - 312, timescale: 48_000))
        #expect(header.inspectedByteCount == 2 * 64 * 1024)
        try await Self.checkRequests(server, "long.opus", fetched: header.inspectedByteCount)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a 1.4 MB MP3 without a VBR header: its first bytes and its length give an estimate within 50 ms",
        .enabled(if: AudioCorpus.isAvailable, "needs the audio corpus tools"))
    func largeMP3() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let long = try Data(contentsOf: try await AudioCorpus.shared().url("long-cbr-noxing.mp3"))
        #expect(long.count > RemotePart.MediaHeaderReader.maximumAudioByteCount)
        try server.serve(long, as: "long.mp3")
        let local = try AudioInspector().inspect(long)
        let header = try await Self.reader.inspectAudio(server.url("long.mp3"))
        #expect(header.isDurationEstimated && !local.isDurationEstimated)
        #expect(abs(try #require(header.duration).seconds - (try #require(local.duration).seconds)) < 0.05)
        #expect(server.requests.count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file that is no audio is a typed error after one request")
    func notAudio() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        try server.serve(Data("<html>gone</html>".utf8), as: "page.ogg")
        await #expect(throws: RemotePart.MediaHeaderReader.Error.audioInspection(.notAudio(.other(.html)))) {
            try await Self.reader.inspectAudio(server.url("page.ogg"))
        }
        #expect(server.requests.count == 1)
    }
}
#endif
