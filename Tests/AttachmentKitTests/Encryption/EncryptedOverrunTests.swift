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
        "a download that outruns its decryption resumes, a bounded number of times; the plaintext is whole",
        .timeLimit(.minutes(1)))
    func outrunDecryption() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let megabytes = 6
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(megabytes << 20, seed: 81))
        try server.serve(fixture.ciphertext, as: "cipher.bin")
        // A 1 MiB buffer limit: the queued ciphertext passes it long before it is decrypted.
        let transport = CountingTransport(URLSessionTransport(bufferLimit: 1 << 20))
        let harness = try EncryptedPartTests.Harness(RemoteTestHarness(transport: transport))
        let part = EncryptedPartTests.part(
            harness, fixture.file, mimeType: .applicationOctetStream, url: server.url("cipher.bin"))
        let result = await EncryptedPartTests.download(part, harness)
        guard case .success(let content) = result else {
            Issue.record("\(result); requests: \(server.requests)")
            return
        }
        #expect(RemoteTestContent.contents(content) == fixture.plaintext)
        #expect(await harness.store.keys() == [ContentKey(partID: part.id)])
        // When it was stopped (the decryption fell behind: a loaded machine may keep up), it
        // resumed with Range, and a bounded number of times: each resume waited for the
        // decryption (RemoteDownloadDrainTests checks that wait deterministically).
        let sent = transport.requests.withLock { $0 }
        #expect(sent.count <= megabytes + 1, "\(sent.count) requests")
        #expect(sent.first?.headers["Range"] == nil)
        #expect(sent.dropFirst().allSatisfy { $0.headers["Range"]?.hasPrefix("bytes=") == true })
    }
}
#endif
