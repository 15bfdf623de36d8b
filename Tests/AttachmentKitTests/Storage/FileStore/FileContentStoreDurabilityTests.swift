import Foundation
import Testing

@testable import AttachmentKit

@Suite("FileContentStore durability", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreDurabilityTests {
    @Test("a store opened without a durability orders its writes on the device (the cache's default)")
    func defaultIsOrdered() throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore(directory: directory.appending("store"), byteCapacity: 1 << 20)
        #expect(store.durability == .orderedOnDevice)
        #expect(store.synchronizes)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "ordered and flushed stores send each write to the device, a failed flush failing the write; process-crash-safe ones don't",
        arguments: [
            (FileContentStore.Durability.orderedOnDevice, true), (.flushedToDevice, true), (.processCrashSafe, false),
        ])
    func synchronisation(durability: FileContentStore.Durability, synchronizes: Bool) async throws {
        let directory = try StorageTemporaryDirectory()
        let fileSystem = StorageFaultyFileSystem()
        let store = try FileContentStore.forTesting(in: directory, durability: durability, fileSystem: fileSystem)
        fileSystem.fail(.init(operation: "fsync"))
        let key = ContentKey(partID: "a")
        var failed = false
        do { try await store.store(Data([1, 2]), for: key) } catch { failed = true }
        #expect(failed == synchronizes)
    }
}
