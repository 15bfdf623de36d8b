import Foundation
import Testing

@testable import AttachmentKit

@Suite("Partial download limit", SuiteTimeLimit.minutes(5), .inTurn)
struct PartialDownloadLimitTests {
    private let etag = RemotePart.Validator.entityTag("\"v1\"")
    private let bytes = Data(repeating: 0x5A, count: 10_000)

    private func key(_ name: String) -> ContentKey { ContentKey(partID: PartID(name)) }

    /// Opens `name`'s partial download, writes and checkpoints some bytes, and returns the
    /// writer, closed unless `keepOpen`.
    @discardableResult
    private func start(_ name: String, in store: FileContentStore, keepOpen: Bool = false) async throws
        -> PartialDownloadWriter
    {
        let writer = try await store.openPartialDownload(for: key(name), validator: etag, resumingAt: 0)
        try writer.append(bytes)
        try writer.checkpoint()
        if !keepOpen { try writer.close() }
        return writer
    }

    private func kept(_ names: [String], in store: FileContentStore) async -> [String] {
        var kept: [String] = []
        for name in names where await store.partialDownload(for: key(name)) != nil { kept.append(name) }
        return kept
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "opening more partial downloads than the limit discards the least recently opened, files and all")
    func discardsLeastRecentlyOpened() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 2)
        try await start("a", in: store)
        try await start("b", in: store)
        try await start("a", in: store)  // reopening makes it the most recent
        try await start("c", in: store)
        #expect(await kept(["a", "b", "c"], in: store) == ["a", "c"])
        #expect(directory.names(in: "store/partial").count == 4)  // a data and a state file each
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download still being written is discarded only after every idle one, and its writer then throws")
    func idleDownloadsGoFirst() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 2)
        let writing = try await start("a", in: store, keepOpen: true)
        try await start("b", in: store)
        try await start("c", in: store)
        #expect(await kept(["a", "b", "c"], in: store) == ["a", "c"])
        try writing.append(bytes)  // still accepted: it was not discarded

        try await start("d", in: store, keepOpen: true)  // only a (open) and c (idle) to choose from
        #expect(await kept(["a", "c", "d"], in: store) == ["a", "d"])
        try await start("e", in: store)  // both others are open: the older one, a, goes
        #expect(await kept(["a", "d", "e"], in: store) == ["d", "e"])
        #expect(throws: ContentStoreError.self) { try writing.append(bytes) }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("completed and discarded downloads stop counting toward the limit")
    func completedDownloadsFreeTheirPlace() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 2)
        try await start("a", in: store)
        try await start("b", in: store)
        try await store.completePartialDownload(for: key("a"), expectedByteCount: Int64(bytes.count))
        await store.discardPartialDownload(for: key("b"))
        try await start("c", in: store)
        try await start("d", in: store)
        #expect(await kept(["c", "d"], in: store) == ["c", "d"])
        #expect(try await store.bytes(for: key("a")) == bytes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "downloads kept from before a relaunch count toward the limit, and a lower limit trims them on opening")
    func limitHoldsAcrossRelaunches() async throws {
        let directory = try StorageTemporaryDirectory()
        do {
            let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 3)
            for name in ["a", "b", "c"] { try await start(name, in: store) }
        }
        do {
            let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 3)
            try await start("d", in: store)
            let survivors = await kept(["a", "b", "c"], in: store)
            #expect(survivors.count == 2)
            #expect(await kept(["d"], in: store) == ["d"])
        }
        let store = try FileContentStore.forTesting(in: directory, maximumPartialDownloads: 1)
        #expect(directory.names(in: "store/partial").count == 2)
        #expect(store.maximumPartialDownloads == 1)
        let clamped = try FileContentStore.forTesting(in: try StorageTemporaryDirectory(), maximumPartialDownloads: 0)
        #expect(clamped.maximumPartialDownloads == 1)
    }
}
