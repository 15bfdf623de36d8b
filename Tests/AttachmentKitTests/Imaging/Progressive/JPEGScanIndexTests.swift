#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The scan index's walk on built files: every frame type, stuffing and restart markers,
/// incremental feeding in any chunks, and damaged input.
@Suite("JPEG scan index", SuiteTimeLimit.minutes(5), .inTurn)
struct JPEGScanIndexTests {
    /// SOI, a frame header, then two scans separated by a DHT, their data with a stuffed byte,
    /// a restart marker and fill bytes, then EOI. The ends: before the DHT, before EOI.
    static func twoScans(frameMarker: UInt8 = 0xC2) -> (file: Data, ends: [Int]) {
        var file = Data([0xFF, 0xD8])
        file += SyntheticImages.segment(
            0xE1, Data("Exif\0\0".utf8) + Data([0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 1, 0, 1]))
        file += SyntheticImages.segment(frameMarker, Data([8, 0, 48, 0, 64, 1, 1, 0x11, 0]))
        file += SyntheticImages.segment(0xDA, Data([1, 1, 0, 0, 0, 0]))
        file += Data([0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0x00])
        let first = file.count
        file += Data([0xFF, 0xFF]) + SyntheticImages.segment(0xC4, Data(count: 20)).dropFirst()
        file += SyntheticImages.segment(0xDA, Data([1, 1, 0, 1, 5, 0]))
        file += Data([0x77, 0xFF, 0x00])
        let second = file.count
        file += Data([0xFF, 0xD9])
        return (file, [first, second])
    }

    @Test("progressive frame types report their scans' ends", arguments: [0xC2, 0xC6, 0xCA, 0xCE] as [UInt8])
    func progressive(marker: UInt8) {
        let (file, ends) = Self.twoScans(frameMarker: marker)
        let index = JPEGScanIndex(file)
        #expect(index.isProgressive == true && index.frameMarker == Int(marker))
        #expect(index.pixelWidth == 64 && index.pixelHeight == 48)
        #expect(index.displayablePrefixLengths == ends && index.isFinished && index.failure == nil)
    }

    @Test(
        "sequential frame types report none and stop at the frame header",
        arguments: [0xC0, 0xC1, 0xC3, 0xC5, 0xC7, 0xC9, 0xCB, 0xCD, 0xCF] as [UInt8])
    func sequential(marker: UInt8) {
        let index = JPEGScanIndex(Self.twoScans(frameMarker: marker).file)
        #expect(index.isProgressive == false && index.frameMarker == Int(marker))
        #expect(index.displayablePrefixLengths.isEmpty && index.isFinished)
    }

    @Test("bytes fed one at a time or in random chunks give the same prefixes, each as soon as its scan ends")
    func incremental() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-restart", "2"])
        let whole = JPEGScanIndex(file)
        var single = JPEGScanIndex()
        for offset in file.indices {
            let added = single.append(file[offset..<offset + 1])
            // A prefix is reported with the byte after its end: the first byte of the next marker's code.
            #expect(added == (whole.displayablePrefixLengths.contains(offset - 1) ? 1 : 0))
        }
        #expect(single.displayablePrefixLengths == whole.displayablePrefixLengths)
        var random = SeededRandom(seed: 9)
        for _ in 0..<20 {
            var chunked = JPEGScanIndex()
            var offset = 0
            while offset < file.count {
                let end = min(file.count, offset + Int.random(in: 1...700, using: &random))
                chunked.append(file[offset..<end])
                offset = end
            }
            #expect(chunked.displayablePrefixLengths == whole.displayablePrefixLengths)
            #expect(chunked.byteCount == file.count)
        }
    }

    @Test("damaged input stops the index with a typed error and keeps the prefixes found before")
    func damaged() {
        #expect(JPEGScanIndex(Data([0x89, 0x50])).failure == .notJPEG)
        #expect(
            JPEGScanIndex(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01])).failure
                == .invalidSegmentLength(marker: 0xE0, length: 1, offset: 2))
        #expect(
            JPEGScanIndex(Data([0xFF, 0xD8]) + SyntheticImages.segment(0xDA, Data(count: 6))).failure
                == .scanBeforeFrame(offset: 2))
        #expect(
            JPEGScanIndex(Data([0xFF, 0xD8]) + SyntheticImages.segment(0xC2, Data(count: 4))).failure
                == .frameHeaderTooShort(offset: 2))
        #expect(
            JPEGScanIndex(Data([0xFF, 0xD8]) + SyntheticImages.segment(0xC2, Data(count: 9))).failure
                == .emptyFrame(offset: 2))
        let (file, ends) = Self.twoScans()
        var damaged = file.prefix(ends[0]) + Data([0xFF, 0xC4, 0x00, 0x00])
        damaged += file.dropFirst(ends[0] + 4)
        let index = JPEGScanIndex(damaged)
        #expect(index.displayablePrefixLengths == [ends[0]] && index.failure != nil)
    }

    @Test("every truncation and random damage of a real file never crashes and reports a prefix of its ends")
    func truncationsAndNoise() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"], width: 40, height: 30)
        let ends = JPEGScanIndex(file).displayablePrefixLengths
        for length in 0...file.count {
            let reported = JPEGScanIndex(file.prefix(length)).displayablePrefixLengths
            #expect(reported == Array(ends.prefix(reported.count)) && reported.allSatisfy { $0 < length })
        }
        var random = SeededRandom(seed: 3)
        for _ in 0..<2_000 {
            var bytes = [UInt8](file)
            for _ in 0..<4 {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let index = JPEGScanIndex(Data(bytes))
            #expect(index.displayablePrefixLengths.allSatisfy { $0 <= bytes.count })
        }
    }
}
#endif
