import AttachmentKit
import Foundation

/// Figures for inspections that walk far: an animated WebP whose `EXIF` chunk follows 150
/// frames of 28 KB (bytes read against the file's size, time against reading the chunk headers
/// with `pread`), and a hostile WebP of 100,000 empty chunks (time to its typed error).
let imagingWalkFigures: [Figure] = [
    Figure(name: "imaging-long-walk-bytes-read") {
        let data = ImagingLayoutFiles.animatedWebP()
        let file = try ImagingLayoutFiles.write(data, name: "long-walk.webp")
        defer { try? FileManager.default.removeItem(at: file) }
        let header = try ImageInspector().inspect(fileAt: file)
        return FigureResult(
            value: Double(header.inspectedByteCount), unit: "bytes", baseline: Double(data.count),
            target: .ratioAtMost(0.02))
    },
    Figure(name: "imaging-long-walk-time") {
        let data = ImagingLayoutFiles.animatedWebP()
        let file = try ImagingLayoutFiles.write(data, name: "long-walk.webp")
        defer { try? FileManager.default.removeItem(at: file) }
        let ranges = ImagingLayoutFiles.walkRanges(data)
        let inspector = ImageInspector()
        let times = try Measure.alternatingMicroseconds(
            iterations: 100,
            measured: { blackHole(try inspector.inspect(fileAt: file)) },
            baseline: { blackHole(ImagingLayoutFiles.read(ranges, of: file)) })
        return FigureResult(
            value: times.measured, unit: "us/inspect", baseline: times.baseline, target: .ratioAtMost(2))
    },
    Figure(name: "imaging-hostile-chunks-time") {
        let data = ImagingLayoutFiles.emptyChunksWebP()
        let file = try ImagingLayoutFiles.write(data, name: "empty-chunks.webp")
        defer { try? FileManager.default.removeItem(at: file) }
        let inspector = ImageInspector()
        let inspected = try Measure.medianSeconds(runs: 15) {
            let result = Result { () throws(ImageInspector.Error) in try inspector.inspect(fileAt: file) }
            guard case .failure(.readCountExceeded) = result else { throw UnexpectedInspection(result: result) }
        }
        // The baseline: reading the whole file once, which the inspection must not need.
        let whole = try Measure.medianSeconds(runs: 15) { blackHole(try Data(contentsOf: file)) }
        return FigureResult(value: inspected * 1e3, unit: "ms", baseline: whole * 1e3, target: .valueAtMost(50))
    },
]

/// The hostile file was inspected, or refused with another error than the read bound's.
struct UnexpectedInspection: Error, CustomStringConvertible {
    let result: Result<ImageHeader, ImageInspector.Error>

    var description: String { "expected readCountExceeded, got \(result)" }
}
