import Foundation
import Testing

@testable import AttachmentKit

/// How the loader sizes its reads: 8 KiB first, small after a jump, growing while the parser
/// reads on, and never past the byte limit.
@Suite("The file loader reads little after a jump and more while the parser reads on", .inTurn)
struct FileChunkLoaderTests {
    /// A temporary file of `count` bytes, removed by the caller.
    private func temporaryFile(count: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID())")
        try Data(repeating: 0x21, count: count).write(to: url)
        return url
    }

    @Test("8 KiB first, 256 bytes after a jump, twice as much for each read that continues the last")
    func readSizes() throws {
        let url = try temporaryFile(count: 1_000_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let loader = try FileChunkLoader(url: url, limit: 1 << 20)
        #expect(try loader.load(at: 0, minimumCount: 4, format: .gif).count == FileChunkLoader.firstReadSize)
        #expect(try loader.load(at: 500_000, minimumCount: 4, format: .gif).count == FileChunkLoader.jumpReadSize)
        // Just past the end of the last read, then inside the gap a sub-block skip leaves.
        #expect(try loader.load(at: 500_256, minimumCount: 1, format: .gif).count == 512)
        #expect(try loader.load(at: 500_256 + 512 + 200, minimumCount: 1, format: .gif).count == 1024)
        // A jump further than that starts small again.
        #expect(try loader.load(at: 600_000, minimumCount: 1, format: .gif).count == FileChunkLoader.jumpReadSize)
        #expect(try loader.load(at: 700_000, minimumCount: 2_000, format: .gif).count == 2_000)
        #expect(loader.loadCount == 6)
    }

    @Test("read-ahead stops at the byte limit; a read that needs more than is left is refused")
    func limit() throws {
        let url = try temporaryFile(count: 100_000)
        defer { try? FileManager.default.removeItem(at: url) }
        let loader = try FileChunkLoader(url: url, limit: 10_000)
        _ = try loader.load(at: 0, minimumCount: 1, format: .gif)
        #expect(try loader.load(at: 8_192, minimumCount: 1, format: .gif).count == 10_000 - 8_192)
        #expect(throws: ImageInspector.Error.readLimitExceeded(.gif, limit: 10_000)) {
            try loader.load(at: 50_000, minimumCount: 1, format: .gif)
        }
        #expect(loader.loadedByteCount == 10_000)
    }

    @Test("a GIF whose first frame holds 4 MB of sub-blocks reads at most the byte limit and keeps the first frame")
    func longGIFWalk() throws {
        var frame = ImagingByteWriter([0x2C, 0, 0, 0, 0])
        frame.uint16(320, bigEndian: false)
        frame.uint16(200, bigEndian: false)
        frame.bytes([0, 2])
        for _ in 0..<16_000 {
            frame.uint8(255)
            frame.zeros(255)
        }
        frame.uint8(0)
        let data = SyntheticImages.gif(blocks: [SyntheticImages.gifLoopingExtension, frame.data])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID()).gif")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let header = try ImageInspector().inspect(fileAt: url)
        #expect(header.isAnimated && header.pixelWidth == 100)
        #expect(header.inspectedByteCount <= ImageInspector.defaultMaximumByteCount)
    }
}
