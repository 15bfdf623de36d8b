import Foundation
import Testing

@testable import AttachmentKit

@Suite("Inspecting files reads only a bounded prefix", .inTurn)
struct FileInspectionTests {
    /// A temporary file holding `data`, removed by the caller.
    private func temporaryFile(_ data: Data, name: String = "image") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try data.write(to: url)
        return url
    }

    @Test("a frame header behind a 50 KB Exif thumbnail costs the first read and a few small reads, not the file")
    func largeExif() throws {
        let header = try ImageInspector().inspect(fileAt: ImagingFixtures.url("jpeg-large-exif.jpg"))
        #expect(header.orientation == .left)
        // One small read for the frame header, a few for the walk after personal metadata.
        #expect(header.inspectedByteCount <= FileChunkLoader.firstReadSize + 4 * FileChunkLoader.jumpReadSize)
    }

    @Test("a 5 MB JPEG is inspected from its first read")
    func largeFile() throws {
        var data = SyntheticImages.jpeg(width: 6000, height: 4000)
        data.append(Data(repeating: 0x55, count: 5_000_000))
        let url = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: url) }
        let header = try ImageInspector().inspect(fileAt: url)
        #expect(header.pixelWidth == 6000)
        #expect(header.inspectedByteCount == FileChunkLoader.firstReadSize)
    }

    @Test("skipping a segment costs one small read, and the byte limit stops a walk that needs more")
    func readLimit() throws {
        var segments: [Data] = []
        for _ in 0..<40 { segments.append(SyntheticImages.segment(0xE2, Data(count: 60_000))) }
        let url = try temporaryFile(SyntheticImages.jpeg(before: segments))
        defer { try? FileManager.default.removeItem(at: url) }
        // Forty segment headers cost forty small reads after the first: 18 KB, not forty 8 KiB
        // windows; the walk after personal metadata reads them once more.
        let header = try ImageInspector().inspect(fileAt: url)
        #expect(header.pixelWidth == 640)
        #expect(header.inspectedByteCount <= FileChunkLoader.firstReadSize + 2 * 41 * FileChunkLoader.jumpReadSize)
        // A budget the header fits in still gives it; the metadata walk stops at the budget.
        let limited = try ImageInspector(maximumByteCount: 20 * 1024).inspect(fileAt: url)
        #expect(limited.pixelWidth == 640 && limited.inspectedByteCount <= 20 * 1024)
        #expect(throws: ImageInspector.Error.readLimitExceeded(.jpeg, limit: 12 * 1024)) {
            try ImageInspector(maximumByteCount: 12 * 1024).inspect(fileAt: url)
        }
    }

    @Test("a file that is missing, a folder, a FIFO or not a file URL gives a typed error, without waiting")
    func unreadable() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).jpg")
        #expect(throws: ImageInspector.Error.unreadable(missing, reason: "no such file")) {
            try ImageInspector().inspect(fileAt: missing)
        }
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID())")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        #expect(throws: ImageInspector.Error.unreadable(fifo, reason: "it is not a regular file")) {
            try ImageInspector().inspect(fileAt: fifo)
        }
        let remote = try #require(URL(string: "https://example.com/a.jpg"))
        #expect(throws: ImageInspector.Error.notAFileURL(remote)) { try ImageInspector().inspect(fileAt: remote) }
        let folder = FileManager.default.temporaryDirectory
        #expect(throws: ImageInspector.Error.unreadable(folder, reason: "it is not a regular file")) {
            try ImageInspector().inspect(fileAt: folder)
        }
    }

    @Test("reads that span chunks give the same header as reading from memory", arguments: ImagingFixtures.names)
    func smallChunks(name: String) throws {
        let url = try ImagingFixtures.url(name)
        let fromMemory = try ImageInspector().inspect(Data(contentsOf: url))
        for chunkSize in [1, 7, 64] {
            let fromFile = try ImageInspector().inspect(fileAt: url, chunkSize: chunkSize)
            #expect(fromFile.pixelWidth == fromMemory.pixelWidth && fromFile.pixelHeight == fromMemory.pixelHeight)
            #expect(fromFile.orientation == fromMemory.orientation)
            #expect(fromFile.isAnimated == fromMemory.isAnimated && fromFile.isProgressive == fromMemory.isProgressive)
        }
    }

    @Test("a symbolic link to an image is followed")
    func symbolicLink() throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("link-\(UUID()).gif")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: ImagingFixtures.url("gif-still.gif"))
        defer { try? FileManager.default.removeItem(at: link) }
        #expect(try ImageInspector().inspect(fileAt: link).format == .gif)
    }

    @Test("PartContent is inspected from its data or its file")
    func partContent() throws {
        let url = try ImagingFixtures.url("png-plain.png")
        let fromFile = try ImageInspector().inspect(PartContent.file(url))
        let fromData = try ImageInspector().inspect(PartContent.data(Data(contentsOf: url)))
        #expect(fromFile.pixelWidth == fromData.pixelWidth && fromFile.pixelHeight == fromData.pixelHeight)
        #expect(fromFile.format == .png)
    }
}
