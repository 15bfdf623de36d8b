#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The scan index against libjpeg-turbo: on files from `cjpeg -progressive`, `jpegtran` with
/// scan scripts and a progressive file with a baseline Exif thumbnail, every prefix it reports
/// plus EOI decodes with `djpeg` without a warning, there is one per scan, and (Huffman-coded
/// files) the prefix a byte shorter does not decode cleanly.
@Suite("JPEG scan index against djpeg", SuiteTimeLimit.minutes(5), .inTurn)
struct JPEGScanIndexDecoderTests {
    static let spectralOnly = """
        0,1,2: 0-0, 0, 0;
        0: 1-9, 0, 0;
        0: 10-63, 0, 0;
        1: 1-63, 0, 0;
        2: 1-63, 0, 0;
        """
    static let successive = """
        0,1,2: 0-0, 0, 1;
        0: 1-5, 0, 2;
        2: 1-63, 0, 1;
        1: 1-63, 0, 1;
        0: 6-63, 0, 2;
        0: 1-63, 2, 1;
        0,1,2: 0-0, 1, 0;
        2: 1-63, 1, 0;
        1: 1-63, 1, 0;
        0: 1-63, 1, 0;
        """

    static func files() async throws -> [(String, Data, huffman: Bool)] {
        let progressive = try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-quality", "90"])
        let baseline = try await ProgressiveJPEGFiles.cjpeg(["-quality", "90"], width: 120, height: 80)
        return [
            ("cjpeg -progressive", progressive, true),
            (
                "cjpeg -progressive -restart 1",
                try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-restart", "1"]), true
            ),
            (
                "cjpeg -progressive -grayscale", try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-grayscale"]),
                true
            ),
            (
                "jpegtran spectral selection",
                try await ProgressiveJPEGFiles.jpegtran([], scans: spectralOnly, input: baseline), true
            ),
            (
                "jpegtran successive approximation",
                try await ProgressiveJPEGFiles.jpegtran([], scans: successive, input: baseline), true
            ),
            (
                "progressive with a baseline Exif thumbnail",
                try await ProgressiveJPEGFiles.withExifThumbnail(progressive),
                true
            ),
            (
                "cjpeg -progressive -arithmetic",
                try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-arithmetic"]), false
            ),
        ]
    }

    @Test("each prefix plus EOI decodes cleanly, one prefix per scan, and a byte less does not (Huffman)")
    func prefixesDecode() async throws {
        for (name, file, huffman) in try await Self.files() {
            let index = JPEGScanIndex(file)
            #expect(index.failure == nil && index.isProgressive == true && index.isFinished, "\(name)")
            let scans = try await ProgressiveJPEGFiles.libjpegScanCount(file)
            #expect(index.displayablePrefixLengths.count == scans, "\(name): \(scans) scans")
            #expect(scans > 1, "\(name)")
            for length in index.displayablePrefixLengths {
                let outcome = try await ProgressiveJPEGFiles.djpeg(file.prefix(length) + [0xFF, 0xD9])
                #expect(
                    outcome.status == 0 && outcome.errorOutput.isEmpty, "\(name) at \(length): \(outcome.errorText)")
                guard huffman else { continue }
                let shorter = try await ProgressiveJPEGFiles.djpeg(file.prefix(length - 1) + [0xFF, 0xD9])
                #expect(shorter.status != 0 || !shorter.errorOutput.isEmpty, "\(name) at \(length - 1)")
            }
        }
    }

    @Test("the Exif thumbnail's markers are skipped: the same scans and frame as without it")
    func exifThumbnail() async throws {
        let progressive = try await ProgressiveJPEGFiles.cjpeg(["-progressive"])
        let withThumbnail = try await ProgressiveJPEGFiles.withExifThumbnail(progressive)
        #expect(withThumbnail.count > progressive.count + 300)
        let plain = JPEGScanIndex(progressive)
        let index = JPEGScanIndex(withThumbnail)
        #expect(index.frameMarker == 0xC2 && index.pixelWidth == 96 && index.pixelHeight == 64)
        #expect(index.displayablePrefixLengths.count == plain.displayablePrefixLengths.count)
        let shift = withThumbnail.count - progressive.count
        #expect(index.displayablePrefixLengths == plain.displayablePrefixLengths.map { $0 + shift })
    }

    @Test("a baseline file reports no prefix and is finished at its frame header")
    func baseline() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg([])
        var index = JPEGScanIndex()
        var fed = 0
        while !index.isFinished, fed < file.count {
            index.append(file[fed..<fed + 1])
            fed += 1
        }
        #expect(index.isProgressive == false && index.frameMarker == 0xC0)
        #expect(index.displayablePrefixLengths.isEmpty && fed < 700)
    }
}
#endif
