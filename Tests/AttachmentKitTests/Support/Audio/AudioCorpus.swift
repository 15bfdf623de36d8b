import Foundation

#if os(macOS) || os(Linux)
/// Voice messages and tones made once per test run with outside encoders, in a temporary
/// directory (not the work tree), and what outside implementations read from each: the corpus
/// the audio inspector and the waveform are checked against.
///
/// Sources: `espeak-ng` speech (22.05 kHz mono) and `sox` tones (8 kHz mono, 48 kHz stereo),
/// resampled to 16 kHz; encoded with `opusenc` (opus-tools) and `ffmpeg` (libopus, libvorbis,
/// libmp3lame CBR and VBR with and without a Xing header, AAC in M4A); a chained Ogg made by
/// concatenating two Opus files with different serial numbers.
final class AudioCorpus: Sendable {
    /// The tools the corpus needs.
    static let tools = ["espeak-ng", "sox", "opusenc", "opusinfo", "ffmpeg", "ffprobe"]

    /// Whether every tool is on the PATH.
    static var isAvailable: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return tools.allSatisfy { tool in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
    }

    /// The Opus files (Ogg), timed by granule arithmetic and `opusinfo`.
    static let opusFiles = [
        "speech-opusenc.opus", "tone8k-opusenc.opus", "stereo48k-opusenc.opus", "speech16k-ffmpeg.opus",
        "stereo48k-ffmpeg.opus", "chained.opus",
    ]
    /// The MP3 files, timed by `ffprobe -count_frames`.
    static let mp3Files = [
        "speech-cbr-info.mp3", "speech-cbr-noxing.mp3", "speech-vbr-xing.mp3", "speech-vbr-noxing.mp3",
        "tone8k-cbr.mp3", "speech16k-vbr.mp3", "stereo48k-cbr.mp3", "stereo48k-vbr-noxing.mp3",
    ]
    /// The M4A files, timed by `ffprobe`.
    static let m4aFiles = ["speech16k-aac.m4a", "stereo48k-aac.m4a"]
    /// The WAV files, whose waveforms are checked against numpy.
    static let wavFiles = ["speech.wav", "speech16k.wav", "tone8k.wav", "stereo48k.wav"]

    /// Makes every file; stops at the first command that fails.
    private static let script = """
        set -e
        espeak-ng -w speech.wav "Hello, this is a voice message from AttachmentKit, a few seconds long."
        sox speech.wav -r 16000 speech16k.wav
        sox -n -r 8000 -c 1 -b 16 tone8k.wav synth 2.5 sine 440 fade 0.2 2.5 0.5
        sox -n -r 48000 -c 2 -b 16 stereo48k.wav synth 3.2 sine 440 sine 660 tremolo 3 80
        opusenc --quiet --serial 11 speech.wav speech-opusenc.opus
        opusenc --quiet --serial 22 tone8k.wav tone8k-opusenc.opus
        opusenc --quiet --serial 33 stereo48k.wav stereo48k-opusenc.opus
        cat speech-opusenc.opus tone8k-opusenc.opus > chained.opus
        F="ffmpeg -v error -nostdin -y"
        $F -i speech16k.wav -c:a libopus -b:a 24k speech16k-ffmpeg.opus
        $F -i stereo48k.wav -c:a libopus stereo48k-ffmpeg.opus
        $F -i stereo48k.wav -c:a libvorbis -q:a 2 stereo48k-vorbis.ogg
        $F -i speech.wav -c:a libmp3lame -b:a 64k speech-cbr-info.mp3
        $F -i speech.wav -c:a libmp3lame -b:a 64k -write_xing 0 speech-cbr-noxing.mp3
        $F -i speech.wav -c:a libmp3lame -q:a 4 speech-vbr-xing.mp3
        $F -i speech.wav -c:a libmp3lame -q:a 4 -write_xing 0 speech-vbr-noxing.mp3
        $F -i tone8k.wav -c:a libmp3lame -b:a 16k tone8k-cbr.mp3
        $F -i speech16k.wav -c:a libmp3lame -q:a 6 speech16k-vbr.mp3
        $F -i stereo48k.wav -c:a libmp3lame -b:a 128k stereo48k-cbr.mp3
        $F -i stereo48k.wav -c:a libmp3lame -q:a 2 -write_xing 0 stereo48k-vbr-noxing.mp3
        $F -f lavfi -i sine=frequency=300:duration=180 -c:a libmp3lame -b:a 64k -write_xing 0 long-cbr-noxing.mp3
        $F -i speech16k.wav -c:a aac -b:a 32k speech16k-aac.m4a
        $F -i stereo48k.wav -c:a aac stereo48k-aac.m4a
        """

    let directory: StorageTemporaryDirectory

    /// The corpus of this test run, made on first use; every caller waits for the one making,
    /// whose tools run off the concurrency pool (``ExternalTool``).
    static func shared() async throws -> AudioCorpus { try await made.value }
    private static let made = Task { try await AudioCorpus.make() }

    private static func make() async throws -> AudioCorpus {
        let directory = try StorageTemporaryDirectory("audio-corpus")
        let outcome = try await ExternalTool.run("bash", ["-c", "cd '\(directory.url.path)' && \(Self.script)"])
        guard outcome.status == 0 else { throw ISOMediaCorpus.CorpusError.toolFailed(outcome.errorText, status: 1) }
        return AudioCorpus(directory: directory)
    }

    private init(directory: StorageTemporaryDirectory) {
        self.directory = directory
    }

    func url(_ name: String) -> URL { directory.appending(name) }
}
#endif
