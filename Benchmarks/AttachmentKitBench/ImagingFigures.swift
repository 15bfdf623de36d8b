import AttachmentKit
import Foundation

/// Figures for header inspection: a 20 MB JPEG from a file against reading its first 64 KiB
/// with `FileHandle`, and inspection from memory against a plain magic-byte comparison.
let imagingFigures: [Figure] = [
    Figure(name: "imaging-file-bytes-read") {
        let file = try ImagingBenchmarkFile.make()
        defer { try? FileManager.default.removeItem(at: file) }
        let header = try ImageInspector().inspect(fileAt: file)
        let baseline = try ImagingBenchmarkFile.readFirst64KiB(file)
        return FigureResult(
            value: Double(header.inspectedByteCount), unit: "bytes", baseline: Double(baseline),
            target: .valueAtMost(65_536))
    },
    Figure(name: "imaging-file-time") {
        let file = try ImagingBenchmarkFile.make()
        defer { try? FileManager.default.removeItem(at: file) }
        let inspector = ImageInspector()
        let times = try Measure.alternatingMicroseconds(
            iterations: 200,
            measured: { blackHole(try inspector.inspect(fileAt: file)) },
            baseline: { blackHole(try ImagingBenchmarkFile.readFirst64KiB(file)) })
        return FigureResult(
            value: times.measured, unit: "us/inspect", baseline: times.baseline, target: .ratioAtMost(2))
    },
    Figure(name: "imaging-data-ops") {
        let data = ImagingBenchmarkFile.header(width: 4032, height: 3024, thumbnailByteCount: 12_000)
        let inspector = ImageInspector()
        let iterations = 20_000
        let inspected = try Measure.medianSeconds {
            for _ in 0..<iterations { blackHole(try inspector.inspect(data)) }
        }
        // The baseline: a memcmp of the three JPEG magic bytes, the least any sniffer does.
        let magic: [UInt8] = [0xFF, 0xD8, 0xFF]
        let compared = Measure.medianSeconds {
            for _ in 0..<iterations {
                blackHole(
                    data.withUnsafeBytes { bytes in bytes.count >= 3 && memcmp(bytes.baseAddress!, magic, 3) == 0 })
            }
        }
        return FigureResult(
            value: Double(iterations) / inspected, unit: "ops/s", baseline: Double(iterations) / compared,
            target: .valueAtLeast(250_000))
    },
]

/// The benchmark's 20 MB JPEG, written at run time: a header-valid JPEG whose frame header
/// follows a 60 KB Exif thumbnail and a colour profile, then 20 MB of scan data.
enum ImagingBenchmarkFile {
    static let byteCount = 20_000_000

    /// Writes the file to the temporary folder and returns its URL.
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-bench-\(UUID()).jpg")
        var data = header(width: 5472, height: 3648, thumbnailByteCount: 60_000)
        var generator = SplitMix64(seed: 20)
        var scan = [UInt8](repeating: 0, count: byteCount - data.count - 2)
        for index in scan.indices { scan[index] = UInt8(truncatingIfNeeded: generator.next() % 255) }
        data.append(contentsOf: scan)
        data.append(contentsOf: [0xFF, 0xD9])
        try data.write(to: url)
        return url
    }

    /// Reads the file's first 64 KiB with `FileHandle` and returns how many bytes came.
    static func readFirst64KiB(_ url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.read(upToCount: 65_536)?.count ?? 0
    }

    /// SOI, JFIF, an Exif APP1 (orientation 6 and a thumbnail of `thumbnailByteCount` bytes),
    /// an ICC APP2, quantisation tables, the frame header, Huffman tables and the scan header.
    static func header(width: Int, height: Int, thumbnailByteCount: Int) -> Data {
        var data = Data([0xFF, 0xD8])
        append(0xE0, Data("JFIF".utf8) + Data([0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), to: &data)
        var exif = Data("Exif".utf8) + Data([0, 0])
        exif += Data([0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0])
        exif += Data([0xFF, 0xD8]) + Data(repeating: 0x5A, count: thumbnailByteCount) + Data([0xFF, 0xD9])
        append(0xE1, exif, to: &data)
        append(0xE2, Data("ICC_PROFILE\0".utf8) + Data(repeating: 0x11, count: 3_000), to: &data)
        // Two quantisation tables (0 and 1, all ones) and four empty Huffman tables: valid
        // enough for libjpeg to read the header (identify -ping), never decoded.
        append(0xDB, Data([0] + Array(repeating: 1, count: 64) + [1] + Array(repeating: 1, count: 64)), to: &data)
        let size = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        append(0xC0, Data([8] + size + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]), to: &data)
        append(0xC4, Data([0x00, 0x10, 0x01, 0x11].flatMap { [$0] + Array(repeating: 0, count: 16) }), to: &data)
        append(0xDA, Data([3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]), to: &data)
        return data
    }

    private static func append(_ marker: UInt8, _ payload: Data, to data: inout Data) {
        let length = payload.count + 2
        data += Data([0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]) + payload
    }
}
