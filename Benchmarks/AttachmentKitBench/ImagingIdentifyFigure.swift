import AttachmentKit
import Foundation

/// One process inspecting 200 JPEGs of 4.5 MB (a camera header: JFIF, Exif with a 12 KB
/// thumbnail, ICC, tables, the frame header, then scan data), against ImageMagick's
/// `identify -ping` on the same files in one process, in milliseconds per file. Skipped when
/// ImageMagick is not installed.
let imagingIdentifyFigures: [Figure] = [
    Figure(name: "imaging-identify-ratio") {
        guard let identify = ImagemagickIdentify.path else {
            throw FigureSkipped(reason: "ImageMagick's identify is not installed (.ci/install-tools)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identify-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try (0..<200).map { index in try ImagemagickIdentify.writeJPEG(index: index, in: folder) }
        let inspector = ImageInspector()
        var inspected: [Double] = []
        var identified: [Double] = []
        for _ in 0..<5 {
            inspected.append(
                try Measure.medianSeconds(runs: 1) {
                    for file in files { blackHole(try inspector.inspect(fileAt: file)) }
                })
            identified.append(try Measure.medianSeconds(runs: 1) { try ImagemagickIdentify.run(identify, on: files) })
        }
        let perFile = 1e3 / Double(files.count)
        return FigureResult(
            value: Measure.median(inspected) * perFile, unit: "ms/file",
            baseline: Measure.median(identified) * perFile, target: .ratioAtMost(0.5))
    }
]

/// Running ImageMagick's `identify -ping`, and the files it and the inspector read.
enum ImagemagickIdentify {
    static let fileByteCount = 4_500_000

    /// `identify` from ImageMagick 6 (`/usr/bin`) or the first on `PATH`; `nil` when there is none.
    static var path: String? { tool("identify") }

    /// The tool `name` from `/usr/bin` or the first folder on `PATH` that has it.
    static func tool(_ name: String) -> String? {
        let folders =
            ["/usr/bin"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes JPEG number `index`: a camera header whose size varies with `index`, then scan
    /// data to 4.5 MB (a hole in the file, which reads as zeros), then EOI.
    static func writeJPEG(index: Int, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("photo-\(index).jpg")
        let header = ImagingBenchmarkFile.header(
            width: 4032 - index, height: 3024 + index, thumbnailByteCount: 12_000)
        guard FileManager.default.createFile(atPath: url.path, contents: header) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(fileByteCount - 2))
        try handle.write(contentsOf: Data([0xFF, 0xD9]))
        return url
    }

    /// Runs `identify -ping` on `files` in one process, its output discarded.
    static func run(_ identify: String, on files: [URL]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: identify)
        process.arguments = ["-ping", "-format", "%m %w %h\\n"] + files.map(\.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    }
}
