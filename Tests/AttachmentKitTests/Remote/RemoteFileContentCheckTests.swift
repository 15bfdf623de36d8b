#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A remote part declared as a file type ``FileType`` checks (a PDF, an archive, an MP3, a
/// video) whose body is an HTML page is refused and nothing of it is left in the store, as for
/// an image: through the coordinator, the resolver's events and the loaders.
@Suite("Remote file parts: the content check refuses and drops an HTML page", SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteFileContentCheckTests {
    static let page = Data("<!DOCTYPE html><html><body>Your session has expired</body></html>".utf8)

    /// A fault server that serves `bytes` at `/f` with status 200, as often as asked.
    static func server(serving bytes: Data) async throws -> RemoteFaultServer {
        try await RemoteFaultServer(
            content: bytes,
            paths: [
                "/f": [
                    .init(
                        status: 200, headers: [["ETag", "\"f\""], ["Content-Length", "\(bytes.count)"]],
                        ops: [.slice(0, bytes.count)])
                ]
            ])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an HTML page for a PDF, MP4, QuickTime, ZIP or MP3 part is fileContentMismatch, leaves nothing, and is asked again",
        arguments: ["application/pdf", "video/mp4", "video/quicktime", "application/zip", "audio/mpeg"])
    func htmlIsRefusedAndDropped(type: String) async throws {
        let declared = try MIMEType(type)
        let server = try await Self.server(serving: Self.page)
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        for _ in 0..<2 {
            let result = await harness.download(harness.part(server.url("/f"), mimeType: declared))
            #expect(
                RemoteTestHarness.remoteError(result)
                    == .fileContentMismatch(.mismatch(declaredType: declared, content: .other(.html))))
            let stored = await harness.stored()
            #expect(stored.content == nil)
            #expect(stored.partialBytes == nil)
            #expect(harness.partialFiles.isEmpty)
        }
        #expect(await harness.store.keys().isEmpty)
        #expect(server.requests(to: "/f").count == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a PDF part that is a PDF and an MP4 part that is an MP4 are stored; an octet-stream part is not checked")
    func matchingContentIsStored() async throws {
        let movie = try Data(contentsOf: try await ISOMediaCorpus.shared().url("h264-aac-faststart.mp4"))
        let cases: [(Data, MIMEType)] = [
            (Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8), try MIMEType("application/pdf")),
            (movie, .videoMP4),
            (Self.page, .applicationOctetStream),
        ]
        for (bytes, declared) in cases {
            let server = try await Self.server(serving: bytes)
            defer { server.stop() }
            let harness = try RemoteTestHarness()
            let content = try await harness.download(harness.part(server.url("/f"), mimeType: declared)).get()
            #expect(RemoteTestContent.contents(content) == bytes, "\(declared)")
            #expect(await harness.stored().content != nil, "\(declared)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "downloaded without a coordinator (the scratch store), a PDF that is an HTML page is refused and leaves no file"
    )
    func scratchStore() async throws {
        let server = try await Self.server(serving: Self.page)
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let part = harness.part(server.url("/f"), mimeType: try MIMEType("application/pdf"))
        do {
            let content = try await part.downloadContent(reportingTo: RecordingObserver())
            Issue.record("an HTML page was accepted as a PDF: \(content)")
        } catch let error as RemotePartError {
            guard case .fileContentMismatch(.mismatch(_, content: .other(.html))) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
        let scratch = try #require(harness.downloader.scratchDirectory)
        let files = FileManager.default.enumerator(at: scratch, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { (try? Data(contentsOf: $0)) == Self.page }
        #expect(files?.isEmpty == true)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a video message's remote video that is an HTML page: the events fail with fileContentMismatch, the store stays empty"
    )
    func resolverEvents() async throws {
        let server = try await Self.server(serving: Self.page)
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let video = harness.part(server.url("/f"), id: "video", mimeType: .videoMP4)
        // With a size part, the events read no header: the one request is the download.
        let size = PartFactory.size(#"{"width":1280,"height":720,"duration":3.5}"#)
        let resolver = AttachmentResolver(downloads: harness.coordinator)
        let events = await resolver.events(for: [VideoMessageTests.poster, video, size], fetchingOriginal: true)
            .collected()
        let described = events.map(\.testDescription).filter { !$0.hasPrefix("progress") }
        #expect(described == ["placeholder 1280x720", "preview poster", "failed original video"])
        guard case .failed(let failure)? = events.last else { return }
        let error = (failure.reason as? TransferError)?.underlying as? RemotePartError
        #expect(error == .fileContentMismatch(.mismatch(declaredType: .videoMP4, content: .other(.html))))
        #expect(await harness.stored("video").content == nil)
        #expect(await harness.store.keys().isEmpty)
        #expect(harness.partialFiles.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @MainActor
    @Test(
        "a file message's remote PDF that is an HTML page: the loader reports the mismatch, the store stays empty")
    func loader() async throws {
        let server = try await Self.server(serving: Self.page)
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let pdf = try MIMEType("application/pdf")
        let file = harness.part(server.url("/f"), id: "file", mimeType: pdf)
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: harness.coordinator), downloadDelay: 0)
        loader.load(parts: [file], fetchingOriginal: true)
        await waitOnMainActor("the failure") { loader.state.lastFailure != nil }
        let failure = try #require(loader.state.lastFailure)
        #expect(failure.role == .original)
        let error = (failure.reason as? TransferError)?.underlying as? RemotePartError
        #expect(error == .fileContentMismatch(.mismatch(declaredType: pdf, content: .other(.html))))
        #expect(loader.state.content == nil)
        #expect(await harness.store.keys().isEmpty)
        #expect(harness.partialFiles.isEmpty)
    }
}
#endif
