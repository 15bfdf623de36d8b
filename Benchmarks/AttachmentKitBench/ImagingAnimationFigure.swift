import AttachmentKit
import Foundation

/// One process inspecting 100 animated files (50 GIFs made by ImageMagick, 50 WebPs made from
/// them by `gif2webp`; 5 to 80 frames of 160 × 120) for their frames, loop and delays, against
/// `identify -ping -format "%n %T"` on the same files in one process, in milliseconds per file.
/// The frame counts must agree. Skipped when ImageMagick or gif2webp is missing.
let imagingAnimationFigures: [Figure] = [
    Figure(name: "imaging-animation-identify-ratio") {
        guard let identify = ImagemagickIdentify.path, let convert = ImagemagickIdentify.tool("convert"),
            let gif2webp = ImagemagickIdentify.tool("gif2webp")
        else {
            throw FigureSkipped(reason: "ImageMagick or gif2webp is not installed (.ci/install-tools)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animation-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try AnimationFiles.make(in: folder, convert: convert, gif2webp: gif2webp)
        let inspector = ImageInspector()
        let frames = try files.map { try inspector.inspect(fileAt: $0).animation?.frameCount ?? 1 }
        guard frames == (try AnimationFiles.identifyFrameCounts(identify, files)) else {
            throw AnimationFiles.Mismatch(frames: frames)
        }
        var inspected: [Double] = []
        var identified: [Double] = []
        for _ in 0..<5 {
            inspected.append(
                try Measure.medianSeconds(runs: 1) {
                    for file in files { blackHole(try inspector.inspect(fileAt: file).animation) }
                })
            identified.append(
                try Measure.medianSeconds(runs: 1) { _ = try AnimationFiles.identifyFrameCounts(identify, files) })
        }
        let perFile = 1e3 / Double(files.count)
        return FigureResult(
            value: Measure.median(inspected) * perFile, unit: "ms/file",
            baseline: Measure.median(identified) * perFile, target: .ratioAtMost(0.2))
    }
]

/// The animated files of the figure, and `identify`'s reading of them.
enum AnimationFiles {
    struct Mismatch: Error, CustomStringConvertible {
        let frames: [Int]
        var description: String { "the inspector's frame counts differ from identify's: \(frames)" }
    }

    /// Five GIFs of 5, 10, 20, 40 and 80 frames of gradients, their WebPs, ten copies of each.
    static func make(in folder: URL, convert: String, gif2webp: String) throws -> [URL] {
        var sources: [URL] = []
        for (index, count) in [5, 10, 20, 40, 80].enumerated() {
            let gif = folder.appendingPathComponent("source-\(index).gif")
            let colors = ["red", "blue", "green", "yellow", "white", "black", "orange", "purple"]
            let frames = (0..<count).map { "gradient:\(colors[$0 % 8])-\(colors[($0 + index + 1) % 8])" }
            try run(convert, ["-size", "160x120", "-delay", "\(4 + index)", "-loop", "0"] + frames + [gif.path])
            let webp = folder.appendingPathComponent("source-\(index).webp")
            try run(gif2webp, ["-quiet", "-lossy", gif.path, "-o", webp.path])
            sources += [gif, webp]
        }
        var files: [URL] = []
        for copy in 0..<10 {
            for source in sources {
                let file = folder.appendingPathComponent("\(copy)-\(source.lastPathComponent)")
                try FileManager.default.copyItem(at: source, to: file)
                files.append(file)
            }
        }
        return files
    }

    /// `identify -ping -format "%n %T\n"` on `files` in one process: the frame count of each
    /// file (one line per frame, each starting with the file's count).
    static func identifyFrameCounts(_ identify: String, _ files: [URL]) throws -> [Int] {
        let output = try BenchProcess.output(
            identify, ["-ping", "-format", "%n %T\\n"] + files.map(\.path), failure: "identify failed")
        var counts: [Int] = []
        var remaining = 0
        for line in output.split(separator: "\n") {
            if remaining == 0 {
                counts.append(Int(line.split(separator: " ").first ?? "") ?? 0)
                remaining = max(1, counts[counts.count - 1])
            }
            remaining -= 1
        }
        return counts
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        _ = try BenchProcess.output(tool, arguments, failure: "\(tool) could not make the files")
    }
}
