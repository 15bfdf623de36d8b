import Foundation
import Testing

@testable import AttachmentKit

@Suite("POSIXFileSystem")
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
}
