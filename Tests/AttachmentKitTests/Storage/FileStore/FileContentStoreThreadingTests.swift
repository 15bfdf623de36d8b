import Foundation
import Testing

@testable import AttachmentKit

// Exit tests run the body in a child process: macOS and Linux only, and Swift Testing has
// them from Swift 6.2 (the package's tools version, 6.0, promises Xcode 16).
#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// The file store's threading rules are checked in code: a change made off `changeQueue` stops
/// the process instead of racing the changes made on it.
@Suite("FileContentStore threading checks", SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreThreadingTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a change to the entries made off the change queue stops the process")
    func entryChangeOffTheQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try Self.storeWithoutItsDirectory("threading-entries")
            store.commitTouches()
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a change to the partial downloads made off the change queue stops the process")
    func partialDownloadChangeOffTheQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = try Self.storeWithoutItsDirectory("threading-partial")
            store.forgetPartialDownload(ContentKey(partID: "p").storageDigest)
        }
    }

    @Test("the same changes on the change queue go through")
    func changesOnTheQueuePass() throws {
        let directory = try StorageTemporaryDirectory("threading-on-queue")
        let store = try FileContentStore(directory: directory.appending("store"), byteCapacity: 1 << 20)
        store.changeQueue.sync {
            store.commitTouches()
            store.forgetPartialDownload(ContentKey(partID: "p").storageDigest)
        }
        #expect(store.usage().entryCount == 0)
    }

    /// A store whose directory is already removed (the child process that traps can't remove
    /// it afterwards); its open files keep it usable until the check stops the process.
    private static func storeWithoutItsDirectory(_ label: String) throws -> FileContentStore {
        let directory = try StorageTemporaryDirectory(label)
        let store = try FileContentStore(directory: directory.appending("store"), byteCapacity: 1 << 20)
        try FileManager.default.removeItem(at: directory.url)
        return store
    }
}
#endif
