import Foundation
import Testing

@testable import AttachmentKit

/// A downloader's scratch store (for ``RemotePart/downloadContent(reportingTo:)`` without a
/// coordinator) leaves nothing in the temporary directory: it goes with its downloader, is not
/// made for a refused URL, and one a process left behind is removed by a later one.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct RemoteScratchStoreTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a downloader leaves nothing behind in the temporary directory once released")
    func scratchStoreRemoved() async throws {
        let source = try StorageTemporaryDirectory("scratch-source")
        let bytes = RemoteTestContent.bytes(300_000, seed: 5)
        let url = source.appending("photo.bin")
        try bytes.write(to: url)
        var downloader: RemotePart.Downloader? = RemotePart.Downloader(configuration: RemoteTestHarness.configuration())
        var part: RemotePart? = RemotePart(
            id: "s", url: url, mimeType: .applicationOctetStream, downloader: try #require(downloader))
        let direct = try await #require(part).downloadContent(reportingTo: RecordingObserver())
        #expect(RemoteTestContent.contents(direct) == RemoteTestContent.contents(bytes))
        let scratch = try #require(downloader?.scratchDirectory)
        #expect(FileManager.default.fileExists(atPath: scratch.path))
        #expect(
            scratch.deletingLastPathComponent().standardizedFileURL
                == FileManager.default.temporaryDirectory.standardizedFileURL)
        part = nil
        downloader = nil
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a URL whose scheme is refused makes no scratch store")
    func refusedSchemeMakesNoScratchStore() async throws {
        let downloader = RemotePart.Downloader()
        let url = URL(fileURLWithPath: "/etc/hostname")
        let part = RemotePart(id: "f", url: url, mimeType: .textPlain, downloader: downloader)
        await #expect(throws: RemotePartError.schemeNotAllowed(url)) {
            _ = try await part.downloadContent(reportingTo: RecordingObserver())
        }
        #expect(downloader.scratchDirectory == nil)
    }

    @Test("an abandoned scratch folder is removed; one a store holds, or a new one, is kept")
    func abandonedFoldersRemoved() throws {
        let temporary = try StorageTemporaryDirectory("scratch-sweep")
        func folder(_ label: String) throws -> URL {
            let url = temporary.url.appendingPathComponent(RemoteScratchFolders.prefix + label, isDirectory: true)
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("entries"), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.appendingPathComponent("lock").path, contents: nil)
            return url
        }
        let abandoned = try folder("abandoned")
        let held = try folder("held")
        let fresh = try folder("fresh")
        let other = temporary.url.appendingPathComponent("AttachmentKitTests-other", isDirectory: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -3600)
        for url in [abandoned, held, other] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        }
        let store = try FileContentStore(directory: held, byteCapacity: 1 << 20, durability: .processCrashSafe)
        RemoteScratchFolders.removeAbandoned(
            in: temporary.url, olderThan: RemoteScratchFolders.abandonedAge, now: Date())
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: held.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        withExtendedLifetime(store) {}
    }
}
