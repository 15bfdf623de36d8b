import Foundation
import Testing

@testable import AttachmentKit

// Spawns child processes (see ChildProcess): macOS and Linux only.
#if os(macOS) || os(Linux)
/// The directory lock: one store at a time, across processes, whatever this process tries.
@Suite("FileContentStore directory lock", .serialized)
struct FileContentStoreLockTests {
    @Test("another process can't open a store this process has open")
    func lockedAcrossProcesses() throws {
        try withHeldStore { _, _ in }
    }

    @Test("opens refused in the holding process don't release its lock: another process is still refused")
    func refusedOpensKeepTheLock() throws {
        try withHeldStore { directory, storeURL in
            // The same directory by another spelling is refused too.
            let otherSpelling = directory.url.appendingPathComponent("./store/", isDirectory: true)
            for url in [storeURL, storeURL, otherSpelling] {
                #expect(throws: ContentStoreError.directoryInUse(url)) {
                    try FileContentStore(directory: url, byteCapacity: 1 << 20)
                }
            }
        }
    }

    @Test("the lock is the store's to release: once it goes, another process can open the directory")
    func releasedWithTheStore() throws {
        let writer = try #require(ChildProcess.storeCrashWriter(), "StoreCrashWriter was not built next to the tests")
        let directory = try StorageTemporaryDirectory("locked")
        let storeURL = directory.appending("store")
        var store: FileContentStore? = try FileContentStore(directory: storeURL, byteCapacity: 1 << 20)
        withExtendedLifetime(store) {}
        store = nil
        // Opened, so killed at once: SIGKILL.
        #expect(try ChildProcess.statusOfStoreCrashWriter(writer, opening: storeURL) == 128 + SIGKILL)
    }

    /// Opens a store, runs `body` with its directory while the store is open, then checks that
    /// another process is refused the directory.
    private func withHeldStore(_ body: (StorageTemporaryDirectory, URL) throws -> Void) throws {
        let writer = try #require(ChildProcess.storeCrashWriter(), "StoreCrashWriter was not built next to the tests")
        let directory = try StorageTemporaryDirectory("locked")
        let storeURL = directory.appending("store")
        let store = try FileContentStore(directory: storeURL, byteCapacity: 1 << 20)
        try body(directory, storeURL)
        #expect(try ChildProcess.statusOfStoreCrashWriter(writer, opening: storeURL) == 4)
        withExtendedLifetime(store) {}
    }
}
#endif
