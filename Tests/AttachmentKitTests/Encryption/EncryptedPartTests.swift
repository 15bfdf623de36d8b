#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// ``EncryptedPart`` through a ``DownloadCoordinator`` over a file store: the plaintext becomes
/// the entry only after the hash matched; every fault leaves neither ciphertext nor plaintext.
@Suite("Encrypted parts", SuiteTimeLimit.minutes(5), .inTurn)
struct EncryptedPartTests {
    static let url = URL(string: "https://media.example.com/_matrix/media/v3/download/example.org/abc")!

    /// A remote harness: its store's folder is where the parts stage their plaintext.
    struct Harness {
        let remote: RemoteTestHarness
        var store: FileContentStore { remote.store }
        var coordinator: DownloadCoordinator { remote.coordinator }
        var downloader: RemotePart.Downloader { remote.downloader }
        /// The store's folder and the downloader's scratch folder, if it made one.
        var directories: [URL] { [remote.directory.url] + [downloader.scratchDirectory].compactMap { $0 } }

        init(_ remote: RemoteTestHarness) throws {
            self.remote = remote
        }
    }

    /// A harness whose transport serves `ciphertext` at ``url``.
    static func harness(serving ciphertext: Data) throws -> Harness {
        try Harness(RemoteTestHarness(transport: InMemoryHTTPTransport(files: [url: ciphertext])))
    }

    /// A part whose ciphertext the harness downloads.
    static func part(
        _ harness: Harness, _ file: EncryptedFile, mimeType: MIMEType = .imagePNG, url: URL = url
    ) -> EncryptedPart {
        EncryptedPart(url: url, encryptedFile: file, mimeType: mimeType, downloader: harness.downloader)
    }

    static func download(_ part: EncryptedPart, _ harness: Harness) async -> Result<PartContent, TransferError> {
        do {
            return .success(try await harness.coordinator.content(for: part))
        } catch {
            return .failure(error)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a verified attachment becomes the store's entry, under a key of its own; the ciphertext goes")
    func verified() async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.png(300_000))
        let harness = try Self.harness(serving: fixture.ciphertext)
        let part = Self.part(harness, fixture.file)
        let content = try await Self.download(part, harness).get()
        #expect(RemoteTestContent.contents(content) == fixture.plaintext)
        #expect(await harness.store.keys() == [ContentKey(partID: part.id)])
        // The only file with the plaintext is the entry; none has the ciphertext.
        #expect(fixture.leftovers(in: harness.directories) == [try #require(content.fileURL).standardizedFileURL.path])
        // Asked again, the entry answers without a request.
        _ = try await Self.download(part, harness).get()
        #expect((harness.downloader.transport as? InMemoryHTTPTransport)?.requestCount(for: Self.url) == 1)
    }

    enum Fault: String, CaseIterable, Sendable {
        case flippedFirstByte, flippedMiddleByte, flippedLastByte, truncated, extended, wrongHash, wrongKey
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "each fault fails with its typed error and leaves the store empty and no plaintext or ciphertext anywhere",
        arguments: Fault.allCases)
    func fault(_ fault: Fault) async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.png(100_000, seed: 3))
        var served = fixture.ciphertext
        var file = fixture.file
        switch fault {
        case .flippedFirstByte: served[0] ^= 0x01
        case .flippedMiddleByte: served[served.count / 2] ^= 0x80
        case .flippedLastByte: served[served.count - 1] ^= 0x10
        case .truncated: served.removeLast()
        case .extended: served.append(0)
        case .wrongHash: file = fixture.withOtherHash()
        case .wrongKey: file = fixture.withOtherKey()
        }
        let harness = try Self.harness(serving: served)
        let result = await Self.download(Self.part(harness, file), harness)
        guard case .failure(let error) = result else {
            Issue.record("a \(fault) attachment was accepted")
            return
        }
        switch (fault, error.underlying as? EncryptedAttachment.Error) {
        case (.wrongKey, .contentMismatch?): break  // the hash matches; the plaintext is no PNG
        case (.wrongKey, _): Issue.record("wrong key: \(error)")
        case (_, .hashMismatch?): break
        default: Issue.record("\(fault): \(error)")
        }
        #expect(await harness.store.keys().isEmpty)
        #expect(fixture.leftovers(in: harness.directories).isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an image that decrypts to HTML is refused like any download, and nothing is kept")
    func htmlInDisguise() async throws {
        let fixture = try EncryptedFixture(Data("<!DOCTYPE html><html><body>not a photo</body></html>".utf8))
        let harness = try Self.harness(serving: fixture.ciphertext)
        let result = await Self.download(Self.part(harness, fixture.file, mimeType: .imageJPEG), harness)
        guard case .failure(let error) = result, case .contentMismatch? = error.underlying as? EncryptedAttachment.Error
        else {
            Issue.record("HTML was accepted as a JPEG: \(result)")
            return
        }
        #expect(await harness.store.keys().isEmpty)
        #expect(fixture.leftovers(in: harness.directories).isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a PDF or a video that decrypts to HTML is fileContentMismatch, and nothing is kept",
        arguments: ["application/pdf", "video/mp4"])
    func fileThatIsHTML(type: String) async throws {
        let declared = try MIMEType(type)
        let fixture = try EncryptedFixture(Data("<!DOCTYPE html><html><body>not a file</body></html>".utf8))
        let harness = try Self.harness(serving: fixture.ciphertext)
        let result = await Self.download(Self.part(harness, fixture.file, mimeType: declared), harness)
        guard case .failure(let error) = result,
            case .fileContentMismatch(let mismatch)? = error.underlying as? EncryptedAttachment.Error
        else {
            Issue.record("HTML was accepted as \(declared): \(result)")
            return
        }
        #expect(mismatch == .mismatch(declaredType: declared, content: .other(.html)))
        #expect(await harness.store.keys().isEmpty)
        #expect(fixture.leftovers(in: harness.directories).isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("one ciphertext under two keys gives two entries, each its own plaintext")
    func keyInStoreKey() async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(5_000, seed: 9))
        let harness = try Self.harness(serving: fixture.ciphertext)
        let first = Self.part(harness, fixture.file, mimeType: .applicationOctetStream)
        let second = Self.part(harness, fixture.withOtherKey(), mimeType: .applicationOctetStream)
        #expect(first.id != second.id)
        let one = try await Self.download(first, harness).get()
        let other = try await Self.download(second, harness).get()
        #expect(RemoteTestContent.contents(one) == fixture.plaintext)
        #expect(RemoteTestContent.contents(other) != fixture.plaintext)
        #expect(Set(await harness.store.keys()) == [ContentKey(partID: first.id), ContentKey(partID: second.id)])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the fault server cuts the ciphertext mid-download; the resumed download decrypts to the plaintext")
    func resumeAgainstFaultServer() async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.png(200_000, seed: 5))
        let size = fixture.ciphertext.count
        let kept = 80_000
        let tag = "\"c1\""
        let cut = RemoteFaultServer.Response(
            status: 200, headers: [["ETag", tag], ["Content-Length", "\(size)"], ["Accept-Ranges", "bytes"]],
            ops: [.slice(0, kept), .close])
        let rest = RemoteFaultServer.Response(
            status: 206,
            headers: [
                ["ETag", tag], ["Content-Range", "bytes \(kept)-\(size - 1)/\(size)"],
                ["Content-Length", "\(size - kept)"],
            ],
            ops: [.slice(kept, size)])
        let server = try await RemoteFaultServer(content: fixture.ciphertext, paths: ["/e": [cut, rest]])
        defer { server.stop() }
        let harness = try Harness(RemoteTestHarness())
        let part = Self.part(harness, fixture.file, url: server.url("/e"))
        let first = await Self.download(part, harness)
        #expect(RemoteTestHarness.remoteError(first) == .truncated(received: Int64(kept), expected: Int64(size)))
        #expect(await harness.store.keys().isEmpty)
        let second = try await Self.download(part, harness).get()
        #expect(RemoteTestContent.contents(second) == fixture.plaintext)
        #expect(server.requests(to: "/e").last?.headers["range"] == "bytes=\(kept)-")
        #expect(await harness.store.keys() == [ContentKey(partID: part.id)])
    }
}
#endif
