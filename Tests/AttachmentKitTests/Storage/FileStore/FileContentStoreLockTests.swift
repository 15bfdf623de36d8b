import Foundation
import Testing

@testable import AttachmentKit

// Spawns child processes (see ChildProcess): macOS and Linux only.
#if os(macOS) || os(Linux)
/// The directory lock: one store at a time, across processes, whatever this process tries.
@Suite("FileContentStore directory lock", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreLockTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("another process can't open a store this process has open")
    func lockedAcrossProcesses() async throws {
        try await withHeldStore { _, _ in }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "opens refused in the holding process don't release its lock: another process is still refused")
    func refusedOpensKeepTheLock() async throws {
        try await withHeldStore { directory, storeURL in
            // The same directory by another spelling is refused too.
            let otherSpelling = directory.url.appendingPathComponent("./store/", isDirectory: true)
            for url in [storeURL, storeURL, otherSpelling] {
                #expect(throws: ContentStoreError.directoryInUse(url)) {
                    try FileContentStore(directory: url, byteCapacity: 1 << 20)
                }
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the lock is the store's to release: once it goes, another process can open the directory")
    func releasedWithTheStore() async throws {
        let writer = try #require(ChildProcess.storeCrashWriter(), "StoreCrashWriter was not built next to the tests")
        let directory = try StorageTemporaryDirectory("locked")
        let storeURL = directory.appending("store")
        var store: FileContentStore? = try FileContentStore(directory: storeURL, byteCapacity: 1 << 20)
        withExtendedLifetime(store) {}
        store = nil
        // Opened, so killed at once: SIGKILL.
        #expect(try await Self.status(of: writer, opening: storeURL) == 128 + SIGKILL)
    }

    /// Opens a store, runs `body` with its directory while the store is open, then checks that
    /// another process is refused the directory.
    private func withHeldStore(_ body: (StorageTemporaryDirectory, URL) throws -> Void) async throws {
        let writer = try #require(ChildProcess.storeCrashWriter(), "StoreCrashWriter was not built next to the tests")
        let directory = try StorageTemporaryDirectory("locked")
        let storeURL = directory.appending("store")
        let store = try FileContentStore(directory: storeURL, byteCapacity: 1 << 20)
        try body(directory, storeURL)
        #expect(try await Self.status(of: writer, opening: storeURL) == 4)
        withExtendedLifetime(store) {}
    }

    /// ``ChildProcess/statusOfStoreCrashWriter(_:opening:)``, which blocks its thread until the
    /// child prints or ends, off the concurrency pool.
    private static func status(of writer: URL, opening directory: URL) async throws -> Int32 {
        try await offThePool { try ChildProcess.statusOfStoreCrashWriter(writer, opening: directory) }
    }
}
#endif
