#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit
@testable import AttachmentKitCommands

#if canImport(Glibc)
import Glibc
#endif

/// `attachmentkit resolve` downloading parts that name URLs, in-process and as a child process
/// interrupted with Ctrl-C or killed, then run again.
@Suite(.enabled(if: RemoteNginxServer.isAvailable, "nginx is not installed"), SuiteTimeLimit.minutes(5), .inTurn)
struct ResolveDownloadCommandTests {
    /// A message with one remote part at `url`.
    func message(_ url: URL, in directory: StorageTemporaryDirectory) throws -> URL {
        let file = directory.appending("message.json")
        let json =
            #"{"parts":[{"id":"big","mimeType":"application/octet-stream","status":"readyForDownload","url":"\#(url.absoluteString)"}]}"#
        try Data(json.utf8).write(to: file)
        return file
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "resolve downloads an http part into --store, a line per 10 %, and a second run finds it stored")
    func downloadsIntoStore() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        let bytes = RemoteTestContent.bytes(3_000_000, seed: 31)
        try server.serve(bytes, as: "big.bin")
        let directory = try StorageTemporaryDirectory("cli")
        let store = directory.url.appendingPathComponent("store").path
        let file = try message(server.url("big.bin"), in: directory)
        let first = await AttachmentKitTool.run(["resolve", file.path, "--store", store, "--timeout", "5"])
        #expect(first.status == 0)
        #expect(first.output.contains("big: downloading http://127.0.0.1:\(server.port)/big.bin\n"))
        #expect(first.output.contains("big: 100 % (2.9 MiB of 2.9 MiB)\n"))
        #expect(first.output.contains("big: downloaded 2.9 MiB\n"))
        #expect(first.output.contains("original: none") || first.output.contains("local: big"))
        let second = await AttachmentKitTool.run(["resolve", file.path, "--store", store])
        #expect(second.output.contains("big: already in the store\n"))
        #expect(server.requests.count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("--timeout needs a positive number")
    func badTimeout() async {
        let outcome = await AttachmentKitTool.run(["resolve", "--timeout", "0"])
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.contains("--timeout needs a number of seconds above zero"))
    }

    #if os(Linux) || os(macOS)
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "Ctrl-C cancels the download and keeps the partial; the next run resumes it, says so, and sends only the rest")
    func interruptThenResume() async throws {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        let slow = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(600_000))
        defer { slow.stop() }
        let bytes = RemoteTestContent.bytes(3_000_000, seed: 33)
        try slow.serve(bytes, as: "big.bin")
        let directory = try StorageTemporaryDirectory("cli-interrupt")
        let store = directory.url.appendingPathComponent("store")
        let file = try message(slow.url("big.bin"), in: directory)
        let child = try ChildProcess(cli, arguments: ["resolve", file.path, "--store", store.path])
        try await Self.waitForPartialFile(in: store, atLeast: 500_000)
        kill(child.pid, SIGINT)
        let (output, status) = await Self.finish(child)
        #expect(status == 130)
        #expect(output.contains("big: cancelled; "))
        let second = await AttachmentKitTool.run(["resolve", file.path, "--store", store.path])
        #expect(second.status == 0)
        #expect(second.output.contains("big: resuming at "))
        let requests = slow.requests
        #expect(requests.count == 2)
        let resumed = try #require(requests.last)
        #expect(resumed.status == 206)
        #expect(resumed.range.hasPrefix("bytes="))
        #expect(requests.map(\.bodyBytes).reduce(0, +) < Int64(bytes.count) + 100_000)
        let stored = try FileContentStore(directory: store, byteCapacity: 1 << 30)
        let content = await stored.content(for: ContentKey(partID: PartID(slow.url("big.bin").absoluteString)))
        // Compared byte for byte, not by digest: the package's SHA-256 of 3 MB, twice, took
        // seconds of this test under the thread sanitizer.
        #expect(try content?.bytes() == bytes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a child killed mid-download leaves a partial that a relaunch resumes from its last checkpoint")
    func killThenResume() async throws {
        let cli = try #require(ChildProcess.builtExecutable("attachmentkit"), "attachmentkit was not built")
        let server = try await RemoteNginxServer(extra: RemoteNginxServer.stallingAfter(9 << 20))
        defer { server.stop() }
        let size = 20 << 20
        let bytes = RemoteTestContent.bytes(size, seed: 35)
        try server.serve(bytes, as: "big.bin")
        let directory = try StorageTemporaryDirectory("cli-kill")
        let store = directory.url.appendingPathComponent("store")
        let file = try message(server.url("big.bin"), in: directory)
        let child = try ChildProcess(cli, arguments: ["resolve", file.path, "--store", store.path])
        // Past the first checkpoint (every 8 MiB), so that the relaunch has bytes to resume.
        try await Self.waitForPartialFile(
            in: store, atLeast: Int64(PartialDownloadWriter.checkpointInterval) + (1 << 20))
        child.terminate()
        #expect(await Self.finish(child).status == 128 + SIGKILL)
        let harness = try RemoteTestHarness(store: store)
        // The CLI stores downloads by URL.
        let key = server.url("big.bin").absoluteString
        let kept = try #require(await harness.stored(key).partialBytes)
        #expect(kept >= PartialDownloadWriter.checkpointInterval)
        let fast = try await harness.download(harness.part(server.url("big.bin"), id: key)).get()
        // Byte for byte, not by digest: the package's SHA-256 of 20 MiB, twice, took 31 s of
        // this test's 35 under the thread sanitizer (the resumed download itself, 0.3 s).
        #expect(try fast.bytes() == bytes)
        let last = try #require(server.requests.last)
        #expect(last.range == "bytes=\(kept)-")
        #expect(last.bodyBytes == Int64(size) - kept)
    }

    /// Reads the child's output to its end and reaps it, off the Swift concurrency thread pool
    /// (both block).
    static func finish(_ child: ChildProcess) async -> (output: String, status: Int32) {
        await offThePool { (String(decoding: child.readToEnd(), as: UTF8.self), child.wait()) }
    }

    /// Waits until the store's partial-download data file has `bytes` bytes (only the test's
    /// time limit ends the wait).
    static func waitForPartialFile(in store: URL, atLeast bytes: Int64) async throws {
        let folder = store.appendingPathComponent("partial")
        try await waitUntil("\(bytes) bytes in a partial-download file") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { name in
                let path = folder.appendingPathComponent(name).path
                let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
                return name.hasSuffix(".data") && (size?.int64Value ?? 0) >= bytes
            }
        }
    }
    #endif
}
#endif
