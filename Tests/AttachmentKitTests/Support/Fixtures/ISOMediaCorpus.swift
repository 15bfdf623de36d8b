import Foundation

#if os(macOS) || os(Linux)
/// Small ISO media files made with `ffmpeg` once per test run, in a temporary directory (not
/// the work tree), each with what `ffprobe` and `exiftool` read from it: the corpus the ISO media
/// inspector is checked against. Each clip is one second of 160 × 90 video at 10 fps and/or
/// 8 kHz sound, a few kilobytes.
final class ISOMediaCorpus: Sendable {
    /// One file of the corpus and how it was made.
    struct Clip: Sendable, CustomStringConvertible {
        let name: String
        /// `ffmpeg` arguments after the inputs (the output file is appended).
        let arguments: [String]
        /// The clip it is stream-copied from, instead of the test sources.
        let source: String?
        var description: String { name }
    }

    /// Video, sound, a second sound.
    private static let inputs = [
        "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10:duration=1",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000:duration=1",
        "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=8000:duration=1",
    ]
    private static let h264 = ["-c:v", "libx264", "-preset", "ultrafast"]

    /// The clips, in the order they are made (a copy after its source).
    static let clips: [Clip] = [
        Clip(
            name: "h264-aac-faststart.mp4",
            arguments: ["-map", "0", "-map", "1"] + h264 + ["-c:a", "aac", "-movflags", "+faststart"], source: nil),
        Clip(
            name: "h264-aac-moov-at-end.mp4", arguments: ["-map", "0", "-map", "1"] + h264 + ["-c:a", "aac"],
            source: nil),
        Clip(
            name: "hevc-video-only.mp4",
            arguments: [
                "-map", "0", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none", "-tag:v",
                "hvc1",
            ],
            source: nil),
        Clip(
            name: "mpeg4-aac.mov", arguments: ["-map", "0", "-map", "1", "-c:v", "mpeg4", "-c:a", "aac"], source: nil),
        Clip(name: "aac-audio-only.m4a", arguments: ["-map", "1", "-c:a", "aac"], source: nil),
        Clip(
            name: "h264-aac.3gp", arguments: ["-map", "0", "-map", "1"] + h264 + ["-c:a", "aac", "-f", "3gp"],
            source: nil),
        Clip(
            name: "fragmented.mp4",
            arguments: ["-map", "0", "-map", "1"] + h264 + ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"],
            source: nil),
        Clip(
            name: "several-tracks.mp4", arguments: ["-map", "0", "-map", "1", "-map", "2"] + h264 + ["-c:a", "aac"],
            source: nil),
        Clip(
            name: "rotate-90.mp4", arguments: ["-c", "copy", "-metadata:s:v:0", "rotate=90"],
            source: "h264-aac-faststart.mp4"),
        Clip(
            name: "rotate-180.mp4", arguments: ["-c", "copy", "-metadata:s:v:0", "rotate=180"],
            source: "h264-aac-faststart.mp4"),
        Clip(
            name: "rotate-270.mp4", arguments: ["-c", "copy", "-metadata:s:v:0", "rotate=270"],
            source: "hevc-video-only.mp4"),
        Clip(
            name: "rotate-90.mov", arguments: ["-c", "copy", "-metadata:s:v:0", "rotate=90"], source: "mpeg4-aac.mov"),
    ]

    enum CorpusError: Error { case toolFailed(String, status: Int32) }

    let directory: StorageTemporaryDirectory

    /// The corpus of this test run, made on first use, on a thread of its own: every caller
    /// waits for the one making without holding a thread of the concurrency pool (a dozen
    /// ffmpeg runs take a minute on a loaded machine).
    static func shared() async throws -> ISOMediaCorpus { try await made.value }
    private static let made = Task { try await offThePool { try ISOMediaCorpus() } }

    private init() throws {
        directory = try StorageTemporaryDirectory("isomedia-corpus")
        for clip in Self.clips {
            let input = clip.source.map { ["-i", directory.appending($0).path] } ?? Self.inputs
            _ = try Self.runHere(
                "ffmpeg", ["-v", "error", "-nostdin"] + input + clip.arguments + ["-y", url(clip.name).path])
        }
    }

    func url(_ name: String) -> URL { directory.appending(name) }

    /// The standard output of `tool` (found on the PATH) run with `arguments`, waited for on a
    /// thread of its own.
    static func run(_ tool: String, _ arguments: [String]) async throws -> Data {
        try await offThePool { try runHere(tool, arguments) }
    }

    /// ``run(_:_:)`` on the calling thread, which it blocks until the tool ends: only for
    /// fixtures built once, outside the tests' concurrency.
    static func runHere(_ tool: String, _ arguments: [String]) throws -> Data {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments: [tool] + arguments)
        let output = child.readToEnd()
        let status = child.wait()
        guard status == 0 else { throw CorpusError.toolFailed(tool, status: status) }
        return output
    }
}
#endif
