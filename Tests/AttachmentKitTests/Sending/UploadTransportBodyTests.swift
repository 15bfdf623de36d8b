#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// `URLSessionTransport` sending a part of a file (on Linux streamed from the file with its
/// `Content-Length`; elsewhere from a copy) straight to nginx, which refuses a body that comes
/// both chunked and with a length.
@Suite("URLSessionTransport upload bodies", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct UploadTransportBodyTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a part of a file from an offset arrives as exactly those bytes")
    func slice() async throws {
        let server = try await PlainUploadTestServer()
        let folder = try StorageTemporaryDirectory("upload-body")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 3 << 20, seed: 61)
        let offset: Int64 = 1000
        let length: Int64 = (2 << 20) + 7
        let recorded = LockedState<[Int64]>([])
        let response = try await URLSessionTransport().upload(
            HTTPUploadRequest(
                method: "PUT", url: server.url("slice.bin"), body: .file(source, offset: offset, length: length))
        ) { bytes in recorded.withLock { $0.append(bytes) } }
        for try await _ in response.body {}
        let sent = recorded.withLock { $0 }
        #expect(response.head.statusCode == 201)
        let bytes = try Data(contentsOf: source)
        #expect(try Data(contentsOf: server.storedFile("slice.bin")) == bytes[Int(offset)..<Int(offset + length)])
        #expect(sent.last == length)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a file shorter than the body's length fails the request; nothing is stored")
    func shortFile() async throws {
        let server = try await PlainUploadTestServer()
        let folder = try StorageTemporaryDirectory("upload-body")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 1 << 20, seed: 62)
        let status: Int?
        do {
            let response = try await URLSessionTransport().upload(
                HTTPUploadRequest(
                    method: "PUT", url: server.url("short.bin"), body: .file(source, offset: 4096, length: 1 << 20))
            ) { _ in }
            for try await _ in response.body {}
            status = response.head.statusCode
        } catch {
            status = nil
        }
        #expect(status.map { !(200..<300).contains($0) } ?? true, "answered \(String(describing: status))")
        #expect(!FileManager.default.fileExists(atPath: server.storedFile("short.bin").path))
    }
}
#endif
