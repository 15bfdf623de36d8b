import AttachmentKit
import Foundation
import Testing

@Suite("PartContent", .inTurn)
struct PartContentTests {
    @Test("inline data reads back as itself with its byte count")
    func inlineData() throws {
        let content = PartContent.data(Data([1, 2, 3]))
        #expect(try content.bytes() == Data([1, 2, 3]))
        #expect(try content.byteCount() == 3)
        #expect(content.fileURL == nil)
    }

    @Test("a file reads back its bytes and its size without reading them")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("partcontent-\(UUID()).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = Data((0..<10_000).map { UInt8($0 % 251) })
        try bytes.write(to: url)
        let content = PartContent.file(url)
        #expect(try content.bytes() == bytes)
        #expect(try content.byteCount() == 10_000)
        #expect(content.fileURL == url)
    }

    @Test("a missing file is a typed error naming the file")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/attachmentkit/\(UUID()).jpg")
        #expect(throws: PartContent.Error.unreadable(url, reason: "no such file")) { try PartContent.file(url).bytes() }
        #expect {
            try PartContent.file(url).byteCount()
        } throws: { error in
            guard case .unreadable(let failed, _) = error as? PartContent.Error else { return false }
            return failed == url
        }
    }

    @Test("a URL that is not a file URL is rejected")
    func notAFile() throws {
        let url = try #require(URL(string: "https://example.com/a.jpg"))
        #expect(throws: PartContent.Error.notAFileURL(url)) { try PartContent.file(url).bytes() }
        #expect(throws: PartContent.Error.notAFileURL(url)) { try PartContent.file(url).byteCount() }
    }
}

@Suite("TransferProgress", .inTurn)
struct TransferProgressTests {
    @Test("fraction is completed over total, nil when the total is unknown, 1 for an empty transfer")
    func fraction() {
        #expect(TransferProgress(completedBytes: 25, totalBytes: 100).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 25, totalBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 100, totalBytes: 100).isComplete)
        #expect(!TransferProgress(completedBytes: 100, totalBytes: nil).isComplete)
    }

    @Test("negative counts clamp to zero, a negative total is unknown, the total is at least the completed count")
    func clamping() {
        #expect(TransferProgress(completedBytes: -5, totalBytes: 10).completedBytes == 0)
        #expect(TransferProgress(completedBytes: 5, totalBytes: -1).totalBytes == nil)
        let over = TransferProgress(completedBytes: 150, totalBytes: 100)
        #expect(over.totalBytes == 150)
        #expect(over.fractionCompleted == 1)
    }
}
