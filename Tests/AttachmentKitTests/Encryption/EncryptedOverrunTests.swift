#if os(macOS) || os(Linux)
// Spawns nginx: macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// An ``EncryptedPart`` whose ciphertext arrives faster than it is decrypted (loopback nginx,
/// and a debug build's AES): the decryption's queue counts against the download's buffer limit,
/// and the download stops there and resumes once the decryption caught up.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
struct EncryptedOverrunTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download that outruns its decryption resumes once it caught up, a bounded number of times; the plaintext is whole",
        .timeLimit(.minutes(1)))
    func outrunDecryption() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let megabytes = 6
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(megabytes << 20, seed: 81))
        try server.serve(fixture.ciphertext, as: "cipher.bin")
        // A 1 MiB buffer limit: the queued ciphertext passes it long before it is decrypted.
        let harness = try EncryptedPartTests.Harness(
            RemoteTestHarness(transport: URLSessionTransport(bufferLimit: 1 << 20)))
        let part = EncryptedPartTests.part(
            harness, fixture.file, mimeType: .applicationOctetStream, url: server.url("cipher.bin"))
        let result = await EncryptedPartTests.download(part, harness)
        guard case .success(let content) = result else {
            Issue.record("\(result); requests: \(server.requests)")
            return
        }
        #expect(RemoteTestContent.contents(content) == fixture.plaintext)
        #expect(await harness.store.keys() == [ContentKey(partID: part.id)])
        try await server.waitForRequests(2)
        let requests = server.requests
        // Stopped and resumed with Range; each resume waited for the decryption, so each one
        // brought at least the buffer limit's worth (a resume that doesn't wait stops again at
        // once, a request per try).
        #expect(requests.count > 1)
        #expect(requests.dropFirst().allSatisfy { $0.hasRange }, "\(requests)")
        #expect(requests.count <= megabytes + 2, "\(requests.count) requests")
        #expect(requests.reduce(0) { $0 + $1.bodyBytes } >= Int64(fixture.ciphertext.count))
    }
}
#endif
