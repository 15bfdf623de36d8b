#if os(macOS) || os(Linux)
// Spawns nginx: macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// An ``EncryptedPart`` whose ciphertext arrives faster than it is decrypted (loopback nginx,
/// and a debug build's AES): the decryptor's queue is bounded, and past it the transfer is
/// neither held back nor stopped; the rest is decrypted from the complete ciphertext file.
@Suite(
    .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"),
    .disabled(if: ThreadSanitizer.isActive, "the portable AES is too slow under the thread sanitizer"),
    SuiteTimeLimit.minutes(5), .inTurn)
struct EncryptedOverrunTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download that outruns its decryption is not stopped for it, and the plaintext is whole")
    func outrunDecryption() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        // Past the decryptor's queue (the transfer's buffer limit, 16 MiB here).
        let megabytes = 24
        let fixture = try await EncryptedFixture(opensslEncrypting: RemoteTestContent.bytes(megabytes << 20, seed: 81))
        try server.serve(fixture.ciphertext, as: "cipher.bin")
        let transport = CountingTransport(URLSessionTransport())
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
        // Stopping the transfer for the decryption would take a request per buffer limit (six
        // here); the store's writer may stop it once on a loaded machine. The decryptor's bound
        // itself is checked deterministically in ArrivalDecryptorTests.
        #expect(transport.requests.withLock { $0.count } <= 2)
    }
}
#endif
