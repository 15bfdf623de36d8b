import Foundation
import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: content store", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadStoreTests {
    let full = TransferFixtures.content("full")

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("content in the store is returned without calling the part")
    func storeHit() async throws {
        let store = FakeContentStore(entries: [ContentKey(partID: "p"): Data("stored".utf8)])
        let coordinator = TransferFixtures.coordinator(store: store)
        let part = ScriptedPart("p")
        #expect(try await coordinator.content(for: part) == TransferFixtures.content("stored"))
        #expect(part.script.startedCount == 0)
        #expect(await store.lookups == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("downloaded content is put in the store and callers get what the store holds")
    func storesDownload() async throws {
        let store = FakeContentStore()
        let coordinator = TransferFixtures.coordinator(store: store)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).succeed(full)
        #expect(try await download.content() == full)
        #expect(await store.content(for: ContentKey(partID: "p")) == full)
        #expect(try await coordinator.content(for: part) == full)
        #expect(part.script.startedCount == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a downloaded file is copied into the store; the part keeps its own file")
    func storesFileCopy() async throws {
        let store = FakeContentStore()
        let coordinator = TransferFixtures.coordinator(store: store)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-\(UUID().uuidString)")
        try Data("on disk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).succeed(.file(file))
        #expect(try await download.content() == TransferFixtures.content("on disk"))
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "when the store can't write, callers still get the part's content and the failure is reported")
    func storeFailure() async throws {
        let store = FakeContentStore()
        await store.setFailsWrites(true)
        let log = DiagnosticsLog()
        let coordinator = TransferFixtures.coordinator(store: store, diagnostics: log)
        let part = ScriptedPart("p")
        let download = await coordinator.download(part)
        await part.script.attempt(0).succeed(full)
        #expect(try await download.content() == full)
        guard case .storeFailed(let id, let reason) = try #require(log.all.first) else {
            return #expect(Bool(false), "\(log.all)")
        }
        #expect(id == "p")
        #expect(reason.contains("refuses writes"))
    }
}
