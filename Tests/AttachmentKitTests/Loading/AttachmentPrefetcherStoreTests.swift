import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment prefetcher: what it warms", SuiteTimeLimit.minutes(5), .inTurn)
struct AttachmentPrefetcherStoreTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a prefetch warms the disk tier only, under the key the loader reads; the loader's display fills memory")
    func warmsDiskOnly() async throws {
        let directory = try StorageTemporaryDirectory("prefetch-store")
        let store = TieredContentStore(
            memory: InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 16),
            disk: try FileContentStore(directory: directory.url, byteCapacity: 1 << 26, durability: .processCrashSafe))
        let coordinator = DownloadCoordinator(
            store: store, configuration: .init(progressThrottle: .none, clock: TransferTestClock()))
        let resolver = AttachmentResolver(downloads: coordinator)
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
        var drained = false
        prefetcher.onDrained = { drained = true }
        let part = ScriptedPart("photo")
        prefetcher.startPrefetching([[part]])
        await part.script.attempt(0).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the prefetch to drain") { drained }
        let key = ContentKey(partID: "photo")
        #expect(await store.disk.contains(key))
        #expect(store.memory.content(for: key) == nil)
        // The cell reads the warmed entry: no second download, and now it is in memory.
        let loader = CallbackAttachmentLoader(resolver: resolver)
        loader.load(parts: [part], fetchingOriginal: true)
        await waitOnMainActor("the original from the store") { loader.state.isShowingOriginal }
        #expect(part.script.startedCount == 1)
        #expect(store.memory.content(for: key) != nil)
    }
}
