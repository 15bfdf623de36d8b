import AttachmentKit
import Foundation

/// Figures for placeholders: a screen of 60 cells' hashes decoded at 32 × 32 against a
/// 120 Hz frame (8.33 ms), and the JPEG scan index over a 10 MB progressive file against
/// reading that file.
let placeholderFigures: [Figure] = [
    Figure(name: "placeholder-cells-decode") {
        // 60 cells, each with a ThumbHash and a BlurHash (4 × 3) decoded: 120 decodes.
        var random = SplitMix64(seed: 60)
        var thumbHashes: [ThumbHash] = []
        var blurHashes: [BlurHash] = []
        for cell in 0..<60 {
            var rgba = [UInt8](repeating: 0, count: 64 * 48 * 4)
            for index in rgba.indices { rgba[index] = UInt8(truncatingIfNeeded: random.next() >> 56) }
            thumbHashes.append(
                try ThumbHash(encoding: rgba, width: cell % 2 == 0 ? 64 : 48, height: cell % 2 == 0 ? 48 : 64))
            blurHashes.append(try BlurHash(encoding: rgba, width: 64, height: 48))
        }
        let seconds = try Measure.medianSeconds(runs: 15) {
            for hash in thumbHashes { blackHole(try hash.image()) }
            for hash in blurHashes { blackHole(try hash.image(width: 32, height: 32)) }
        }
        return FigureResult(value: seconds * 1000, unit: "ms", baseline: 1000 / 120, target: .ratioAtMost(0.12))
    },
    Figure(name: "placeholder-scan-index") {
        let file = try PlaceholderBenchmarkFile.make()
        defer { try? FileManager.default.removeItem(at: file) }
        let data = try Data(contentsOf: file)
        let read = try Measure.medianSeconds { blackHole(try Data(contentsOf: file)) }
        let indexed = try Measure.medianSeconds {
            let bytes = try Data(contentsOf: file)
            var index = JPEGScanIndex()
            // As a download delivers it: 64 KiB chunks.
            var offset = 0
            while offset < bytes.count {
                index.append(bytes[offset..<min(bytes.count, offset + 65_536)])
                offset += 65_536
            }
            blackHole(index)
        }
        guard JPEGScanIndex(data).displayablePrefixLengths.count == 10 else {
            throw FigureSkipped(reason: "the benchmark file is not a 10-scan progressive JPEG")
        }
        return FigureResult(
            value: indexed * 1000, unit: "ms (read + index)", baseline: read * 1000, target: .ratioAtMost(1.5))
    },
]

/// A progressive JPEG of about 10 MB, made by `cjpeg -progressive` from noise at run time.
enum PlaceholderBenchmarkFile {
    static func make() throws -> URL {
        let width = 2600
        let height = 2000
        var ppm = Data("P6\n\(width) \(height)\n255\n".utf8)
        var random = SplitMix64(seed: 10)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: random.next() >> 56) }
        ppm.append(contentsOf: pixels)
        let folder = FileManager.default.temporaryDirectory
        let input = folder.appendingPathComponent("placeholder-bench-\(UUID()).ppm")
        let output = folder.appendingPathComponent("placeholder-bench-\(UUID()).jpg")
        try ppm.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cjpeg", "-progressive", "-quality", "92", "-outfile", output.path, input.path]
        do {
            try process.run()
        } catch {
            throw FigureSkipped(reason: "cjpeg is missing")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FigureSkipped(reason: "cjpeg failed") }
        return output
    }
}
