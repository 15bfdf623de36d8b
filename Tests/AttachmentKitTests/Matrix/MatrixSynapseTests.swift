#if os(macOS) || os(Linux)
@testable import AttachmentKitMatrix
import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Matrix media through a real Synapse: Alice composes and sends, the content goes into the room
/// as an `m.room.message`, Bob reads it back and resolves it through the authenticated endpoints.
@Suite(
    .enabled(
        if: SynapseServer.isInstalled, "matrix-synapse is not installed in .build/synapse-venv: run .ci/install-tools"),
    .inTurn, .synapse)
struct MatrixSynapseTests {
    /// A downloader that may fetch plain http from 127.0.0.1.
    static let downloader = RemotePart.Downloader(
        configuration: RemotePart.Configuration(allowedSchemes: ["http"], idleTimeout: 30))

    static func client(_ synapse: SynapseSuite, token: String) -> MatrixMediaClient {
        MatrixMediaClient(homeserver: synapse.server.homeserver, accessToken: token, downloader: downloader)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "sent, posted, read back and resolved: the receiver's bytes are the sender's, a photo's GPS gone",
        .timeLimit(.minutes(3)),
        arguments: [false, true])
    func roundTrip(encrypted: Bool) async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-round-trip")
        for fixture in MatrixFixture.allCases {
            let attachment = try await fixture.compose(in: folder)
            let sent = try await Self.client(synapse, token: synapse.alice).send(attachment, encrypted: encrypted)
            #expect(sent.messageType == fixture.messageType, "\(fixture)")
            let received = try MatrixMediaContent(
                json: try await synapse.contentAsBob(of: synapse.post(sent.jsonData())))
            #expect(received == sent, "\(fixture): the content Bob read is the content Alice sent")
            let bob = Self.client(synapse, token: synapse.bob)
            let parts = bob.parts(for: received)
            let original = try #require(parts.first)
            let content = try await DownloadCoordinator().content(for: original)
            let sentBytes = try #require(attachment.original.availableContent).bytes()
            #expect(try content.bytes() == sentBytes, "\(fixture): the original's bytes")
            if fixture == .photo {
                // The photo had GPS when picked: the composer stripped it, and exiftool finds none
                // in what Bob downloaded, while the orientation is kept.
                let downloaded = folder.appending("downloaded-\(encrypted).jpg")
                try content.bytes().write(to: downloaded)
                let tags = try await Self.exifTags(downloaded)
                let gps = tags.keys.filter { $0.hasPrefix("GPS:") || $0.contains(":GPS") }
                #expect(gps.isEmpty, "the photo Bob downloaded carries \(gps.sorted())")
                #expect(tags["IFD0:Orientation"] as? Int == 6, "the photo Bob downloaded keeps its orientation")
            }
            if let preview = attachment.preview {
                let previewPart = try #require(AttachmentResolver(policy: .matrix).resolve(parts).preview)
                let previewContent = try await DownloadCoordinator().content(for: previewPart)
                #expect(try previewContent.bytes() == (try preview.availableContent!.bytes()), "\(fixture): thumbnail")
            }
            if encrypted, case .encrypted(_, let uri) = received.source {
                let stored = try await Self.serverBytes(of: uri, client: bob)
                #expect(
                    stored.count == sentBytes.count && stored != sentBytes, "\(fixture): the server keeps ciphertext")
            }
        }
    }

    /// Every tag exiftool reads from `url`, off the concurrency pool.
    static func exifTags(_ url: URL) async throws -> [String: Any] {
        let box = try await offThePool { ExifTags(tags: try PrivacyTools.tags(url)) }
        return box.tags
    }

    /// exiftool's tags, handed across the pool's edge.
    struct ExifTags: @unchecked Sendable { let tags: [String: Any] }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "info is read from the headers: the displayed size after rotation, the duration in ms", .timeLimit(.minutes(3)))
    func info() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-info")
        let client = Self.client(synapse, token: synapse.alice)
        let photo = try await client.send(try await MatrixFixture.photo.compose(in: folder))
        #expect(photo.displayedSize == PixelSize(width: 480, height: 640))
        #expect(photo.mimeType == .imageJPEG)
        // The Exif thumbnail (160 × 120 stored) carries orientation 6: shown 120 × 160.
        #expect(photo.thumbnail?.displayedSize == PixelSize(width: 120, height: 160))
        let video = try await client.send(try await MatrixFixture.video.compose(in: folder))
        #expect(video.displayedSize == PixelSize(width: 360, height: 640) && video.duration == 2500)
        let audio = try await client.send(try await MatrixFixture.audio.compose(in: folder))
        #expect(audio.messageType == .audio && audio.duration == 2500 && audio.displayedSize == nil)
        #expect(try await client.authenticatedMediaIsSupported())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a thumbnail rendition covers a small cell without a download of the original", .timeLimit(.minutes(3)))
    func thumbnailRendition() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-thumbnail")
        let sent = try await Self.client(synapse, token: synapse.alice).send(
            try await MatrixFixture.photo.compose(in: folder))
        let received = try MatrixMediaContent(json: try await synapse.contentAsBob(of: synapse.post(sent.jsonData())))
        let resolution = AttachmentResolver(policy: .matrix).resolve(
            Self.client(synapse, token: synapse.bob).parts(for: received))
        let sizes = resolution.renditions.map { "\(Int($0.pixelSize.width))x\(Int($0.pixelSize.height))" }
        #expect(sizes == ["120x160", "180x240", "360x480", "450x600", "480x640"])
        let chosen = try #require(
            AttachmentResolver.Policy.matrix.rendition(
                for: PixelSize(width: 150, height: 200), among: resolution.renditions))
        #expect(chosen.pixelSize == PixelSize(width: 180, height: 240))
        let content = try await DownloadCoordinator().content(for: chosen.part)
        let header = try ImageInspector().inspect(content)
        #expect(header.displayedSize == PixelSize(width: 180, height: 240), "the size Synapse served")
        let mediaID = sent.source.contentURI.mediaID
        try await waitUntil("Synapse logged the thumbnail request") {
            synapse.server.requestLines.contains { $0.contains("/thumbnail/localhost/\(mediaID)") }
        }
        #expect(!synapse.server.requestLines.contains { $0.contains("/download/localhost/\(mediaID)") })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file over max_upload_size is refused before a byte is sent", .timeLimit(.minutes(3)))
    func overTheLimit() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-limit")
        let big = try SendingFixtures.randomFile(
            in: folder, name: "over-the-limit.bin", count: SynapseServer.maximumUploadByteCount + 1, seed: 38)
        let attachment = try AttachmentComposer().composeFile(at: big, id: "big")
        // Counted by this file's name: the suite's other tests upload to the same server meanwhile.
        let ownUploads = { synapse.server.requestLines.filter { $0.contains("filename=over-the-limit.bin") }.count }
        let uploadsBefore = ownUploads()
        await #expect {
            try await Self.client(synapse, token: synapse.alice).send(attachment)
        } throws: { error in
            guard case .tooLarge(_, let count, let limit)? = error as? MatrixMediaClient.Error else { return false }
            return count == Int64(SynapseServer.maximumUploadByteCount + 1)
                && limit == Int64(SynapseServer.maximumUploadByteCount)
        }
        #expect(ownUploads() == uploadsBefore)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the server's own 413 M_TOO_LARGE is typed", .timeLimit(.minutes(3)))
    func serverRefusesTooLarge() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-413")
        let big = try SendingFixtures.randomFile(
            in: folder, name: "big.bin", count: SynapseServer.maximumUploadByteCount + 1, seed: 413)
        let client = Self.client(synapse, token: synapse.alice)
        await #expect {
            // No preflight: the limit is not given, so the bytes go and the server refuses them.
            try await client.upload(big, id: "big-413", mimeType: .applicationOctetStream, fileName: nil, limit: nil)
        } throws: { error in
            guard case .tooLarge(let id, _, nil)? = error as? MatrixMediaClient.Error else { return false }
            return id == "big-413"
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a refused token is said so, and nothing is downloaded", .timeLimit(.minutes(3)))
    func refusedToken() async throws {
        let synapse = try SynapseSuite.running()
        let client = Self.client(synapse, token: "syt_not_a_token")
        await #expect {
            try await client.mediaConfiguration()
        } throws: { error in
            if case .tokenRefused(let errcode, _)? = error as? MatrixMediaClient.Error {
                return errcode == "M_UNKNOWN_TOKEN"
            }
            return false
        }
        let content = try MatrixMediaContent(
            json: Data(#"{"msgtype":"m.file","body":"x.bin","url":"mxc://localhost/AAAAAAAAAAAAAAAAAAAAAAAA"}"#.utf8))
        await #expect(throws: TransferError.self) {
            try await DownloadCoordinator().content(for: client.parts(for: content)[0])
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the CLI sends, then resolves with --bounds through a thumbnail only", .timeLimit(.minutes(3)))
    func commandLine() async throws {
        let synapse = try SynapseSuite.running()
        let folder = try StorageTemporaryDirectory("matrix-cli")
        _ = try await MatrixFixture.photo.compose(in: folder)
        let server = synapse.server.homeserver.absoluteString
        let sent = await AttachmentKitTool.run([
            "matrix", "send", folder.appending("photo.jpg").path, "--homeserver", server, "--token", synapse.alice,
        ])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        let content = try MatrixMediaContent(json: Data(sent.output.utf8))
        #expect(content.messageType == .image && content.displayedSize?.width == 480 && content.thumbnail != nil)
        let contentFile = folder.appending("content.json")
        try content.jsonData().write(to: contentFile)
        let store = folder.appending("store")
        let resolved = await AttachmentKitTool.run([
            "matrix", "resolve", contentFile.path, "--homeserver", server, "--token", synapse.bob, "--store",
            store.path,
            "--bounds", "150x200",
        ])
        #expect(resolved.status == 0, "\(resolved.errorOutput)")
        #expect(resolved.output.contains("@180x240 (180 x 240 px)"), "\(resolved.output)")
        #expect(resolved.output.contains("placeholder size: 480 x 640"), "\(resolved.output)")
        let media = content.source.contentURI.mediaID
        #expect(!synapse.server.requestLines.contains { $0.contains("/download/localhost/\(media)") })
        let refused = await AttachmentKitTool.run([
            "matrix", "resolve", contentFile.path, "--homeserver", server, "--token", "syt_wrong",
            "--store", folder.appending("refused-store").path,
        ])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.hasPrefix("attachmentkit: the homeserver refused the access token"))
        #expect(!FileManager.default.fileExists(atPath: folder.appending("refused-store").path))
        let malformed = await AttachmentKitTool.run([
            "matrix", "resolve", folder.appending("photo.jpg").path, "--homeserver", server, "--token", synapse.bob,
            "--store", store.path,
        ])
        #expect(malformed.status == 2 && malformed.errorOutput.hasPrefix("attachmentkit: "))
    }

    /// The bytes the homeserver keeps for `uri`, read with `client`'s token.
    static func serverBytes(of uri: MatrixContentURI, client: MatrixMediaClient) async throws -> Data {
        var request = URLRequest(url: client.downloadURL(for: uri))
        request.setValue("Bearer \(client.accessToken)", forHTTPHeaderField: "Authorization")
        return try await URLSession.shared.data(for: request).0
    }
}
#endif
