import Foundation

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// Fragmented MP4 files made with `ffmpeg` once per test run (in a temporary directory), one per
/// layout of the fragments, and the layouts `ffmpeg` never writes made from them by
/// ``MovieBoxEditor``: the corpus the fragment timing is checked against `ffprobe` with.
final class FragmentedMovieCorpus: Sendable {
    /// One file and how it was made.
    struct Clip: Sendable, CustomStringConvertible {
        /// How a clip is changed after `ffmpeg` made it.
        enum Edit: Sendable {
            /// An `mehd` saying the duration `ffprobe` reads, in the movie's milliseconds.
            case movieExtendsHeader
            /// Each track's `tfhd` default sample duration moved to its `trex`.
            case trackExtendsDefaults
            /// Every `mdat` grown by this many zero bytes.
            case paddedMediaData(Int)
        }

        let name: String
        /// `ffmpeg` arguments after the inputs (the output file is appended), or, with `source`,
        /// none: the clip is `source` edited.
        let arguments: [String]
        var inputs: [String] = FragmentedMovieCorpus.inputs
        var source: String?
        var edit: Edit?
        var description: String { name }
    }

    /// Two seconds of video at 10 fps and 44.1 kHz sound: `ffprobe` reads 2.023 s once fragmented.
    static let inputs = [
        "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10:duration=2",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
    ]
    private static let encoders = ["-map", "0", "-map", "1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"]
    /// A keyframe every half second: four fragments with `frag_keyframe`.
    private static let fragmented = encoders + ["-g", "5"]

    /// The layouts: where the durations are (`trun`, `tfhd`, `trex`, `mehd`), with and without
    /// `tfdt` and the `mfra` index, samples in `moov` or not, one track or several per fragment.
    static let clips: [Clip] = [
        Clip(name: "empty-moov.mp4", arguments: encoders + ["-movflags", "frag_keyframe+empty_moov"]),
        Clip(name: "keyframe-fragments.mp4", arguments: fragmented + ["-movflags", "frag_keyframe+empty_moov"]),
        Clip(name: "samples-in-moov.mp4", arguments: fragmented + ["-movflags", "frag_keyframe"]),
        Clip(name: "tfhd-defaults.mp4", arguments: fragmented + ["-movflags", "cmaf"]),
        Clip(
            name: "one-track-per-fragment.mp4",
            arguments: fragmented + ["-movflags", "frag_keyframe+empty_moov+separate_moof"]),
        Clip(name: "no-index.mp4", arguments: fragmented + ["-movflags", "frag_keyframe+empty_moov+skip_trailer"]),
        Clip(name: "no-decode-times.ismv", arguments: fragmented + ["-f", "ismv"]),
        Clip(
            name: "b-frames.mp4",
            arguments: fragmented + ["-x264-params", "bframes=2", "-movflags", "frag_keyframe+empty_moov"]),
        Clip(
            name: "audio-only.m4a", arguments: ["-map", "0", "-c:a", "aac", "-frag_duration", "500000"],
            inputs: ["-f", "lavfi", "-i", "sine=sample_rate=8000:duration=3"]),
        Clip(
            name: "three-tracks.mp4",
            arguments: ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "5"]
                + ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov"],
            inputs: inputs + ["-f", "lavfi", "-i", "sine=frequency=880:sample_rate=8000:duration=3"]),
        Clip(name: "mehd.mp4", arguments: [], source: "keyframe-fragments.mp4", edit: .movieExtendsHeader),
        Clip(name: "trex-defaults.mp4", arguments: [], source: "tfhd-defaults.mp4", edit: .trackExtendsDefaults),
        Clip(name: "padded.mp4", arguments: [], source: "keyframe-fragments.mp4", edit: .paddedMediaData(300_000)),
        Clip(name: "padded-no-index.mp4", arguments: [], source: "no-index.mp4", edit: .paddedMediaData(300_000)),
    ]

    /// Five minutes of tiny video and sound, a keyframe (so a fragment) every 0.2 s: 1,500
    /// fragments, with and without the `mfra` index, and without decode times.
    static let longClips: [Clip] = [
        Clip(
            name: "long.mp4",
            arguments: ["-c:v", "libx264", "-preset", "ultrafast", "-g", "2", "-c:a", "aac"]
                + ["-movflags", "frag_keyframe+empty_moov"],
            inputs: [
                "-f", "lavfi", "-i", "testsrc=size=32x18:rate=10:duration=300",
                "-f", "lavfi", "-i", "sine=sample_rate=8000:duration=300",
            ]),
        Clip(
            name: "long-no-index.mp4", arguments: ["-c", "copy", "-movflags", "frag_keyframe+empty_moov+skip_trailer"],
            source: "long.mp4"),
        Clip(name: "long-no-decode-times.ismv", arguments: ["-c", "copy", "-f", "ismv"], source: "long.mp4"),
    ]

    let directory: StorageTemporaryDirectory

    /// The corpus of this test run, made on first use.
    static func shared() throws -> FragmentedMovieCorpus { try made.get() }
    private static let made = Result { try FragmentedMovieCorpus(clips, folder: "fragmented-corpus") }

    /// The long clips, made on first use.
    static func long() throws -> FragmentedMovieCorpus { try madeLong.get() }
    private static let madeLong = Result { try FragmentedMovieCorpus(longClips, folder: "fragmented-long") }

    private init(_ clips: [Clip], folder: String) throws {
        directory = try StorageTemporaryDirectory(folder)
        Self.removeAtExit(directory.url)
        for clip in clips {
            let output = url(clip.name)
            if let edit = clip.edit, let source = clip.source {
                try edited(url(source), edit).write(to: output)
                continue
            }
            let input = clip.source.map { ["-i", url($0).path] } ?? clip.inputs
            _ = try ISOMediaCorpus.runHere(
                "ffmpeg", ["-v", "error", "-nostdin"] + input + clip.arguments + ["-y", output.path])
        }
    }

    private func edited(_ source: URL, _ edit: Clip.Edit) throws -> Data {
        var editor = MovieBoxEditor(try Data(contentsOf: source))
        switch edit {
        case .movieExtendsHeader:
            let seconds = try FragmentOracle(source).formatDuration
            editor.insertMovieExtendsHeader(duration: Int((seconds * 1000).rounded()))
        case .trackExtendsDefaults:
            editor.moveDefaultDurationsToTrackExtends()
        case .paddedMediaData(let byteCount):
            editor.padMediaData(by: byteCount)
        }
        return editor.data
    }

    func url(_ name: String) -> URL { directory.appending(name) }

    /// The corpora's folders (a few megabytes), removed when the test process exits: a static
    /// corpus is never released, so its folder's `deinit` never runs.
    private static let folders = LockedState<[URL]>([])
    private static let removal: Void = {
        atexit {
            for folder in FragmentedMovieCorpus.folders.withLock({ $0 }) {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }()

    private static func removeAtExit(_ folder: URL) {
        _ = removal
        folders.withLock { $0.append(folder) }
    }
}

/// The durations `ffprobe` reads from a file: the format's and each stream's, in seconds.
struct FragmentOracle {
    let formatDuration: Double
    let streamDurations: [Double]

    init(_ url: URL) throws {
        let probe = try ISOMediaCorpus.runHere(
            "ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=duration", "-of", "json", url.path])
        let json = try JSONSerialization.jsonObject(with: probe) as? [String: Any] ?? [:]
        let format = (json["format"] as? [String: Any])?["duration"] as? String
        formatDuration = format.flatMap(Double.init) ?? -1
        streamDurations = (json["streams"] as? [[String: Any]] ?? []).map {
            ($0["duration"] as? String).flatMap(Double.init) ?? -1
        }
    }
}
#endif
