#if os(macOS) || os(Linux)
// Makes JPEG files with libjpeg-turbo's cjpeg, which runs on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The scan a transfer runs over a JPEG's chunks: the prefixes it cuts, and when it stops
/// keeping bytes.
@Suite("Displayable prefix scan over a download's chunks", SuiteTimeLimit.minutes(5), .inTurn)
struct DisplayablePrefixScanTests {
    /// `file` in chunks of `size` bytes, through a scan: the prefixes found and whether it ended.
    static func scan(_ file: Data, chunk size: Int) -> (
        prefixes: [TransferProgress.DisplayablePrefix], finished: [Bool]
    ) {
        var scan = DisplayablePrefixScan(totalBytes: Int64(file.count))
        var prefixes: [TransferProgress.DisplayablePrefix] = []
        var finished: [Bool] = []
        for start in stride(from: 0, to: file.count, by: size) {
            let chunk = file.subdata(in: start..<min(start + size, file.count))
            if let prefix = scan.append(chunk, at: Int64(start)) { prefixes.append(prefix) }
            finished.append(scan.isFinished)
        }
        return (prefixes, finished)
    }

    @Test("one byte at a time, every scan's prefix is cut, equal to the file's first bytes")
    func everyScanByteByByte() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"])
        let (prefixes, finished) = Self.scan(file, chunk: 1)
        let lengths = JPEGScanIndex(file).displayablePrefixLengths
        #expect(prefixes.map(\.byteCount) == lengths)
        #expect(prefixes.map(\.scanCount) == Array(1...lengths.count))
        #expect(prefixes.allSatisfy { $0.data == file.prefix($0.byteCount) })
        #expect(finished.last == true)
    }

    @Test("a baseline JPEG ends the scan at its frame header, and a file that is not a JPEG at once")
    func baselineEndsAtTheFrameHeader() throws {
        let file = SyntheticImages.jpeg(width: 640, height: 480)
        let (prefixes, finished) = Self.scan(file, chunk: 64)
        #expect(prefixes.isEmpty)
        let frameHeaderChunk = try #require(finished.firstIndex(of: true))
        #expect(frameHeaderChunk * 64 < 1024)
        #expect(Self.scan(Data(repeating: 0x89, count: 256), chunk: 64).finished.first == true)
    }

    @Test("a chunk at an unexpected offset ends the scan")
    func gapEndsTheScan() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"])
        var scan = DisplayablePrefixScan(totalBytes: nil)
        _ = scan.append(file.prefix(100), at: 0)
        #expect(!scan.isFinished)
        #expect(scan.append(file.subdata(in: 101..<file.count), at: 101) == nil)
        #expect(scan.isFinished)
    }
}
#endif
