#if os(macOS) || os(Linux)
// Spawns processes (the attachmentkit command, nginx): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit
@testable import AttachmentKitCommands

#if canImport(Glibc)
import Glibc
#endif

/// `attachmentkit resolve` downloading an encrypted part in a child process killed with
/// SIGKILL mid-download, while the staging file holds the plaintext decrypted so far (none may
/// survive the store's next opening), and a new process resuming the ciphertext (it decrypts
/// the kept bytes first and gets the right plaintext).
@Suite(
    "Encrypted parts: killed mid-decryption and mid-download",
    .disabled(if: ThreadSanitizer.isActive, "the portable AES is too slow under the thread sanitizer"),
    SuiteTimeLimit.minutes(5), .inTurn)
struct EncryptedKillTests {
    /// A message whose part `photo` is `file`'s ciphertext at `url`.
    static func message(_ url: URL, file: EncryptedFile, in directory: StorageTemporaryDirectory) throws -> URL {
        let part: [String: Any] = [
            "id": "photo", "mimeType": "application/octet-stream", "status": "readyForDownload",
            "url": url.absoluteString, "encryptedFile": try JSONSerialization.jsonObject(with: file.jsonData()),
        ]
        let message = directory.appending("message.json")
        try JSONSerialization.data(withJSONObject: ["parts": [part]]).write(to: message)
        return message
    }

    /// The plaintext stored under the encrypted part's key in the store at `directory`, and the
    /// number of entries; the store is closed again.
    static func stored(_ file: EncryptedFile, in directory: URL) async throws -> (plaintext: Data?, entries: Int) {
        let store = try FileContentStore(directory: directory, byteCapacity: 1 << 30)
        let part = EncryptedPart(url: URL(fileURLWithPath: "/"), encryptedFile: file, mimeType: .applicationOctetStream)
        let plaintext = try await store.content(for: ContentKey(partID: part.id)).map { try $0.bytes() }
        let entries = await store.keys().count
        await store.close()
        return (plaintext, entries)
    }

    /// The files of the staging folder of the store at `store` and how many bytes they have.
    static func stagedByteCounts(in store: URL) -> [Int64] {
        let folder = store.appendingPathComponent("staging")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.map { name in
            let path = folder.appendingPathComponent(name).path
            return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "killed while decrypting on arrival: the staging plaintext is in the store's folder, gone once it opens again",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
    func killedMidDecryption() async throws {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        // The first response stalls after 9 MiB of 12: the child can't finish before the kill,
        // whatever the machine's speed; the resume (from the checkpoint at 8 MiB, with Range)
        // is not throttled.
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(9 << 20))
        defer { server.stop() }
        let fixture = try await EncryptedFixture(opensslEncrypting: RemoteTestContent.bytes(12 << 20, seed: 51))
        try server.serve(fixture.ciphertext, as: "photo.bin")
        let directory = try StorageTemporaryDirectory("encrypted-kill-decrypt")
        let temporary = directory.url.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let store = directory.url.appendingPathComponent("store", isDirectory: true)
        let message = try Self.message(server.url("photo.bin"), file: fixture.file, in: directory)
        let child = try ChildProcess(
            cli, arguments: ["resolve", message.path, "--store", store.path], environment: ["TMPDIR": temporary.path])
        // Decrypted as it arrived: the staging file holds the plaintext of the first 8.5 MiB.
        try await waitUntil("8.5 MiB of plaintext in the store's staging folder") {
            Self.stagedByteCounts(in: store).contains { $0 >= 17 << 19 }
        }
        let staged = fixture.plaintextFiles(in: [store, temporary])
        child.terminate()
        #expect(await ResolveDownloadCommandTests.finish(child).status == 128 + SIGKILL)
        #expect(staged.count == 1 && staged.allSatisfy { $0.contains("/staging/") }, "\(staged)")
        let (plaintext, _) = try await Self.stored(fixture.file, in: store)
        #expect(plaintext == nil)
        // The store's opening removed it; no other file anywhere has the plaintext.
        #expect(fixture.plaintextFiles(in: [store, temporary]).isEmpty)
        #expect(Self.stagedByteCounts(in: store).isEmpty)
        let again = await AttachmentKitTool.run(["resolve", message.path, "--store", store.path])
        #expect(again.status == 0, "\(again.output)")
        #expect(try await Self.stored(fixture.file, in: store).plaintext == fixture.plaintext)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "killed mid-download: a new process resumes the ciphertext from the last checkpoint and gets the plaintext",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"))
    func killedMidDownload() async throws {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(9 << 20))
        defer { server.stop() }
        let fixture = try await EncryptedFixture(opensslEncrypting: RemoteTestContent.bytes(12 << 20, seed: 53))
        try server.serve(fixture.ciphertext, as: "photo.bin")
        let directory = try StorageTemporaryDirectory("encrypted-kill-download")
        let store = directory.url.appendingPathComponent("store", isDirectory: true)
        let message = try Self.message(server.url("photo.bin"), file: fixture.file, in: directory)
        let child = try ChildProcess(cli, arguments: ["resolve", message.path, "--store", store.path])
        // Past the first checkpoint (every 8 MiB), so that the new process has bytes to resume.
        try await ResolveDownloadCommandTests.waitForPartialFile(
            in: store, atLeast: PartialDownloadWriter.checkpointInterval + (1 << 20))
        child.terminate()
        #expect(await ResolveDownloadCommandTests.finish(child).status == 128 + SIGKILL)
        #expect(try await Self.stored(fixture.file, in: store).plaintext == nil)
        let resumed = await AttachmentKitTool.run(["resolve", message.path, "--store", store.path])
        #expect(resumed.status == 0, "\(resumed.output)")
        #expect(resumed.output.contains("photo: resuming at "), "\(resumed.output)")
        let (plaintext, entries) = try await Self.stored(fixture.file, in: store)
        #expect(plaintext == fixture.plaintext)
        // The ciphertext went once decrypted: the plaintext is the only entry.
        #expect(entries == 1)
        let requests = server.requests
        #expect(requests.count == 2)
        let last = try #require(requests.last)
        #expect(last.range.hasPrefix("bytes="))
        #expect(last.bodyBytes <= Int64(fixture.ciphertext.count) - PartialDownloadWriter.checkpointInterval)
    }
}
#endif
