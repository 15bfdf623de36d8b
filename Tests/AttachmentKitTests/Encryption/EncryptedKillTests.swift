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
/// SIGKILL: mid-decryption (no plaintext may survive the store's next opening) and
/// mid-download (a new process resumes the ciphertext and gets the right plaintext).
@Suite("Encrypted parts: killed mid-decryption and mid-download", .inTurn)
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

    /// Reads the child's output until a progress line of its decryption (past 50 %, since each
    /// byte counts twice) or its end (only the test's time limit ends the wait).
    static func waitForDecryption(of child: ChildProcess) async throws {
        var output = ""
        while true {
            let chunk = await offThePool { child.readAvailable(waitingAtMost: 5) }
            if let chunk {
                guard !chunk.isEmpty else { return }
                output += String(decoding: chunk, as: UTF8.self)
            }
            try Task.checkCancellation()
            if ["60", "70", "80", "90"].contains(where: { output.contains("photo: \($0) % (") }) { return }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "killed mid-decryption: the plaintext staging file is in the store's folder and gone once it opens again",
        .timeLimit(.minutes(1)))
    func killedMidDecryption() async throws {
        // The stop races the decryption's last 80 % (about half a second for 48 MiB): a child
        // that finished first proves nothing about a kill, so that attempt is made again.
        for _ in 0..<3 {
            let directory = try StorageTemporaryDirectory("encrypted-kill-decrypt")
            if try await Self.killMidDecryption(in: directory) { return }
        }
        Issue.record("the decryption ended before the stop in each of 3 attempts")
    }

    /// One attempt: `attachmentkit resolve` stopped and killed once its decryption is under way.
    /// Returns false when the child had already finished decrypting when it was stopped.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func killMidDecryption(in directory: StorageTemporaryDirectory) async throws -> Bool {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        let fixture = try EncryptedFixture(opensslEncrypting: RemoteTestContent.bytes(48 << 20, seed: 51))
        let cipherFile = directory.appending("photo.bin")
        try fixture.ciphertext.write(to: cipherFile)
        let temporary = directory.url.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let store = directory.url.appendingPathComponent("store", isDirectory: true)
        let message = try Self.message(cipherFile, file: fixture.file, in: directory)
        let child = try ChildProcess(
            cli, arguments: ["resolve", message.path, "--store", store.path], environment: ["TMPDIR": temporary.path])
        try await Self.waitForDecryption(of: child)
        // Stopped, then killed: the decryption's staging file holds plaintext, in the store.
        kill(child.pid, SIGSTOP)
        let staged = fixture.plaintextFiles(in: [store, temporary])
        child.terminate()
        let status = await ResolveDownloadCommandTests.finish(child).status
        if status == 0 || !staged.contains(where: { $0.contains("/staging/") }) {
            // Finished before the stop: the entry must then be the plaintext, and nothing else.
            #expect(try await Self.stored(fixture.file, in: store).plaintext == fixture.plaintext)
            return false
        }
        #expect(staged.count == 1, "\(staged)")
        #expect(status == 128 + SIGKILL)
        let (plaintext, _) = try await Self.stored(fixture.file, in: store)
        #expect(plaintext == nil)
        // The store's opening removed it; no other file anywhere has the plaintext.
        #expect(fixture.plaintextFiles(in: [store, temporary]).isEmpty)
        let again = await AttachmentKitTool.run(["resolve", message.path, "--store", store.path])
        #expect(again.status == 0, "\(again.output)")
        #expect(try await Self.stored(fixture.file, in: store).plaintext == fixture.plaintext)
        return true
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "killed mid-download: a new process resumes the ciphertext from the last checkpoint and gets the plaintext",
        .enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), .timeLimit(.minutes(1)))
    func killedMidDownload() async throws {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(9 << 20))
        defer { server.stop() }
        let fixture = try EncryptedFixture(opensslEncrypting: RemoteTestContent.bytes(12 << 20, seed: 53))
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
