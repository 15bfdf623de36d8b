#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Plain `PUT`s of a file to nginx's WebDAV module: the stored file is the source, and a
/// connection dropped mid-body starts the upload again from byte zero.
@Suite("Uploading with a plain PUT to nginx", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct PlainUploadTests {
    static let fileSize = 3 << 20

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a PUT from disk stores the source byte for byte")
    func uploads() async throws {
        let server = try await PlainUploadTestServer()
        let folder = try StorageTemporaryDirectory("put")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 51)
        let uploaded = try await TusUploadTests.coordinator().upload(
            TusUploadTests.part(source), to: .put(server.url("a.bin")))
        #expect(uploaded.byteCount == Int64(Self.fileSize))
        #expect(uploaded.remoteURL.path == "/uploads/a.bin")
        #expect(try sha256Hex(of: server.storedFile("a.bin")) == sha256Hex(of: source))
        #expect(server.nginx.requests.map(\.status) == [201])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a connection dropped mid-PUT starts the upload again from zero, and the stored file ends whole")
    func dropRestartsFromZero() async throws {
        let server = try await PlainUploadTestServer(faults: [.drop(patch: 0, after: 1 << 20)])
        let folder = try StorageTemporaryDirectory("put")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 52)
        _ = try await TusUploadTests.coordinator().upload(TusUploadTests.part(source), to: .put(server.url("a.bin")))
        #expect(try sha256Hex(of: server.storedFile("a.bin")) == sha256Hex(of: source))
        // The first PUT delivered 1 MiB (nginx stored it, truncated); the next sent every byte
        // again. (A PUT that arrives empty is libcurl's retry of a dead reused connection.)
        let puts = server.puts.filter { $0.received > 0 }
        #expect(puts.map(\.received) == [1 << 20, Int64(Self.fileSize)])
        #expect(puts.first?.fault == "drop")
        #expect(server.nginx.requests.filter { (200..<300).contains($0.status) }.count == 2)
    }
}
#endif
