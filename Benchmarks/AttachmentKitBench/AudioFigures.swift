import AttachmentKit
import Foundation

/// Audio inspection: 100 local voice messages (Ogg Opus, MP3 with and without a Xing header,
/// M4A, a quarter of each) against `ffprobe` reading the same files' duration, channels and
/// sample rate (one `ffprobe` process per file, as a server would run it). Skipped when ffmpeg is
/// not installed.
let audioFigures: [Figure] = [
    Figure(name: "audio-inspect-100-files-vs-ffprobe") {
        let folder = try ISOMediaBenchmarkFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let encodings: [(String, [String])] = [
            ("opus", ["-c:a", "libopus", "-b:a", "24k"]), ("mp3", ["-c:a", "libmp3lame", "-q:a", "6"]),
            ("noxing.mp3", ["-c:a", "libmp3lame", "-b:a", "32k", "-write_xing", "0"]),
            ("m4a", ["-c:a", "aac", "-b:a", "32k"]),
        ]
        var sources: [URL] = []
        for (suffix, arguments) in encodings {
            let url = folder.appendingPathComponent("voice.\(suffix)")
            try ISOMediaBenchmarkFiles.run(
                "ffmpeg",
                ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=16000:duration=20"]
                    + arguments + ["-y", url.path])
            sources.append(url)
        }
        let files = try (0..<100).map { index in
            let source = sources[index % sources.count]
            let url = folder.appendingPathComponent("voice-\(index)-\(source.lastPathComponent)")
            try FileManager.default.copyItem(at: source, to: url)
            return url
        }
        let inspector = AudioInspector()
        return try ISOMediaBenchmarkFiles.versusFFprobe(
            files, showing: "format=duration:stream=channels,sample_rate", target: .ratioAtMost(0.2)
        ) { blackHole(try inspector.inspect(fileAt: $0)) }
    }
]
