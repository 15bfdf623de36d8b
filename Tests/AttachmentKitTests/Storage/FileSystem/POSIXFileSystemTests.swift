import Foundation
import Testing

@testable import AttachmentKit

@Suite("POSIXFileSystem", .inTurn)
struct POSIXFileSystemTests {
    @Test("directory names of one byte up to the 255-byte limit, and non-ASCII ones, are listed exactly")
    func directoryNames() throws {
        let directory = try StorageTemporaryDirectory("names")
        let names = ["a", String(repeating: "b", count: 200), String(repeating: "c", count: 255), "café-\u{1F600}"]
        for name in names {
            #expect(FileManager.default.createFile(atPath: directory.appending(name).path, contents: Data()))
        }
        let listed = try POSIXFileSystem().contentsOfDirectory(atPath: directory.url.path)
        #expect(listed.sorted() == names.sorted())
    }

    @Test("unlocking releases the lock at once, even while another descriptor of it is still open")
    func unlockWhileCopied() throws {
        let directory = try StorageTemporaryDirectory("lock")
        let path = directory.appending("lock").path
        let fileSystem = POSIXFileSystem()
        let held = try fileSystem.lockFile(atPath: path)
        // What a child process being started holds until it executes its program: a copy of
        // the descriptor, so the open file description outlives the store's close.
        let copy = dup(held)
        defer { close(copy) }
        fileSystem.unlockFile(held)
        let again = try fileSystem.lockFile(atPath: path)
        fileSystem.unlockFile(again)
    }
}
