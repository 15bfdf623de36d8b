import AttachmentKit
import Foundation

/// ISO media inspection: 100 local videos against `ffprobe` on the same files (one `ffprobe`
/// process per file, as a server would run it, so its start-up is in the baseline), and the
/// bytes read from a 200 MB fast-start file. Skipped when ffmpeg is not installed.
let isoMediaFigures: [Figure] = [
    Figure(name: "isomedia-ffprobe-ratio") {
        let folder = try ISOMediaBenchmarkFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try ISOMediaBenchmarkFiles.clip(in: folder, faststart: false)
        let files = try (0..<100).map { index in
            let url = folder.appendingPathComponent("video-\(index).mp4")
            try FileManager.default.copyItem(at: clip, to: url)
            return url
        }
        let inspector = ISOMediaInspector()
        return try ISOMediaBenchmarkFiles.versusFFprobe(
            files, showing: "format=duration:stream=width,height", target: .ratioAtMost(0.2)
        ) { blackHole(try inspector.inspect(fileAt: $0)) }
    },
    Figure(name: "isomedia-faststart-bytes") {
        let folder = try ISOMediaBenchmarkFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try ISOMediaBenchmarkFiles.clip(in: folder, faststart: true)
        let big = try ISOMediaBenchmarkFiles.grow(clip, toMediaDataOf: 200_000_000, in: folder)
        let header = try ISOMediaInspector().inspect(fileAt: big)
        let size = try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int ?? 0
        return FigureResult(
            value: Double(header.inspectedByteCount), unit: "bytes", baseline: Double(size),
            target: .valueAtMost(64 * 1024))
    },
]

/// The files the ISO media figures read, made with ffmpeg.
enum ISOMediaBenchmarkFiles {
    static func folder() throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw FigureSkipped(reason: "ffmpeg is not installed (.ci/install-tools)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("isomedia-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A 2-second 320 × 180 H.264 and AAC clip.
    static func clip(in folder: URL, faststart: Bool) throws -> URL {
        let url = folder.appendingPathComponent(faststart ? "faststart.mp4" : "clip.mp4")
        try run(
            "ffmpeg",
            [
                "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25:duration=2", "-f",
                "lavfi",
                "-i", "sine=sample_rate=44100:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
            ] + (faststart ? ["-movflags", "+faststart"] : []) + ["-y", url.path])
        return url
    }

    /// `clip` (fast start: `mdat` last) with `mdat` grown to `byteCount` bytes, the rest a hole.
    static func grow(_ clip: URL, toMediaDataOf byteCount: Int, in folder: URL) throws -> URL {
        var data = try Data(contentsOf: clip)
        var offset = 0
        while offset + 8 <= data.count {
            let size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if data[offset + 4..<offset + 8] == Data("mdat".utf8) {
                for index in 0..<4 { data[offset + index] = UInt8(truncatingIfNeeded: byteCount >> (24 - 8 * index)) }
                let url = folder.appendingPathComponent("big.mp4")
                try data.write(to: url)
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                try handle.truncate(atOffset: UInt64(offset + byteCount))
                return url
            }
            offset += max(size, 8)
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// `inspect` over `files` against one `ffprobe` process per file printing `entries`, as a
    /// server would run it: the median of three rounds each, in milliseconds per file.
    static func versusFFprobe(
        _ files: [URL], showing entries: String, target: Target, _ inspect: (URL) throws -> Void
    ) throws -> FigureResult {
        var inspected: [Double] = []
        var probed: [Double] = []
        for _ in 0..<3 {
            inspected.append(try Measure.medianSeconds(runs: 1) { for file in files { try inspect(file) } })
            probed.append(
                try Measure.medianSeconds(runs: 1) {
                    for file in files { try run("ffprobe", ["-v", "error", "-show_entries", entries, file.path]) }
                })
        }
        let perFile = 1e3 / Double(files.count)
        return FigureResult(
            value: Measure.median(inspected) * perFile, unit: "ms/file", baseline: Measure.median(probed) * perFile,
            target: target)
    }

    /// Runs `tool` from `/usr/bin` with `arguments`, its output discarded.
    static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    }
}
