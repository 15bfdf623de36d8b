import Foundation
import Testing

@testable import AttachmentKit

@Suite("DefaultContentStore: the memory tier holds previews, originals are files", SuiteTimeLimit.minutes(2), .inTurn)
struct DefaultContentStoreMemoryPolicyTests {
    let original = Data(repeating: 0xAB, count: 3_926_480)
    let preview = Data(repeating: 0xCD, count: 120_000)

    func withStore(
        memory: DefaultContentStore.MemoryPolicy = .default, _ body: (DefaultContentStore) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memory-policy-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(DefaultContentStore(directory: directory, memory: memory))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("by default a 3.9 MB original is served as a file URL and a preview from memory")
    func defaults() async throws {
        #expect(
            DefaultContentStore.MemoryPolicy.default
                == DefaultContentStore.MemoryPolicy(costLimit: 64 << 20, maximumEntryByteCount: 1 << 20))
        try await withStore { (store: DefaultContentStore) async throws in
            let originalKey = ContentKey(partID: "original")
            let previewKey = ContentKey(partID: "preview")
            #expect(try await store.store(original, for: originalKey).fileURL != nil)
            #expect(try await store.store(preview, for: previewKey) == .data(preview))
            let served = try #require(await store.content(for: originalKey))
            #expect(served.fileURL != nil)
            #expect(try served.bytes() == original)
            #expect(await store.content(for: previewKey) == .data(preview))
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a download through the coordinator comes back as a file, stored under ContentKey(partID:) .original")
    func throughTheCoordinator() async throws {
        try await withStore { (store: DefaultContentStore) async throws in
            let coordinator = DownloadCoordinator(store: store)
            let part = ScriptedPart(
                "original", script: DownloadScript(automatic: .init(content: .data(original), steps: 2)))
            let content = try await coordinator.content(for: part)
            #expect(content.fileURL != nil)
            // The documented key: the part's id, rendition .original.
            let stored = try #require(
                await store.content(for: ContentKey(partID: "original", representation: .original)))
            #expect(try stored.bytes() == original)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the policy is a value an app sets: a larger entry cap keeps the original in memory")
    func configurable() async throws {
        try await withStore(memory: DefaultContentStore.MemoryPolicy(maximumEntryByteCount: 8 << 20)) {
            (store: DefaultContentStore) async throws in
            #expect(store.memoryPolicy.maximumEntryByteCount == 8 << 20)
            #expect(try await store.store(original, for: ContentKey(partID: "original")) == .data(original))
        }
        #expect(
            DefaultContentStore.MemoryPolicy(costLimit: 1000, maximumEntryByteCount: 5000).maximumEntryByteCount == 1000
        )
        #expect(DefaultContentStore.MemoryPolicy(costLimit: -1).costLimit == 0)
    }
}
