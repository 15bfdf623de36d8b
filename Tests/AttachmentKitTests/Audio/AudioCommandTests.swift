import AttachmentKitCommands
import Foundation
import Testing

#if os(macOS) || os(Linux)
/// `attachmentkit inspect` on audio files and URLs, and `attachmentkit waveform`.
@Suite("attachmentkit inspect on audio and attachmentkit waveform", SuiteTimeLimit.minutes(5), .inTurn)
struct AudioCommandTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "prints format, duration, channels, sample rate and codec of Ogg Opus, MP3 and M4A",
        .enabled(if: AudioCorpus.isAvailable, "needs the audio corpus tools"))
    func inspect() async throws {
        let corpus = try await AudioCorpus.shared()
        let expectations: [(String, [String])] = [
            (
                "stereo48k-opusenc.opus",
                [
                    "  format: Ogg Opus (audio/ogg)", "  duration: 3.200 s", "  channels: 2",
                    "  sample rate: 48000 Hz (input 48000 Hz)", "  codec: Opus",
                ]
            ),
            ("chained.opus", ["  duration: 6.899 s", "  chained streams: 2"]),
            (
                "speech-vbr-xing.mp3",
                ["  format: MP3 (audio/mpeg)", "  channels: 1", "  sample rate: 22050 Hz", "  codec: MP3"]
            ),
            (
                "stereo48k-aac.m4a",
                ["  format: M4A (AAC) (audio/mp4)", "  duration: 3.200 s", "  channels: 2", "  codec: AAC"]
            ),
        ]
        for (name, lines) in expectations {
            let outcome = await AttachmentKitTool.run(["inspect", corpus.url(name).path])
            #expect(outcome.status == 0, "\(outcome.errorOutput)")
            for line in lines { #expect(outcome.output.contains(line + "\n"), "\(name): \(line)\n\(outcome.output)") }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a URL of an Ogg file is read with ranged requests and says how many bytes it fetched",
        .enabled(if: AudioCorpus.isAvailable && RemoteNginxServer.isAvailable, "needs nginx and the corpus tools"))
    func url() async throws {
        let server = try await RemoteNginxServer()
        defer { server.stop() }
        try server.serve(Data(contentsOf: try await AudioCorpus.shared().url("speech16k-ffmpeg.opus")), as: "voice")
        let outcome = await AttachmentKitTool.run(["inspect", server.url("voice").absoluteString])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("  format: Ogg Opus (audio/ogg)\n"))
        #expect(outcome.output.contains("  sample rate: 48000 Hz (input 16000 Hz)\n"))
        // Without an audio extension the URL is tried as ISO media first (one request), then as audio (one).
        try await server.waitForRequests(2)
        let fetched = server.requests.dropFirst().reduce(Int64(0)) { $0 + $1.bodyBytes }
        #expect(outcome.output.contains("  bytes fetched: \(fetched)\n"), "\(outcome.output)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("waveform prints each format; a file that is no WAV is a one-line error")
    func waveform() async throws {
        let directory = try StorageTemporaryDirectory("waveform")
        let url = directory.appending("two.wav")
        // 16-bit mono: a loud half, then a quiet one.
        let samples = [Int16](repeating: 2000, count: 50) + [Int16](repeating: 1000, count: 50)
        var wav = Data("RIFF".utf8) + Self.le(36 + 200, 4) + Data("WAVEfmt ".utf8) + Self.le(16, 4)
        wav += Self.le(1, 2) + Self.le(1, 2) + Self.le(8000, 4) + Self.le(16000, 4) + Self.le(2, 2) + Self.le(16, 2)
        wav +=
            Data("data".utf8) + Self.le(200, 4)
            + samples.reduce(Data()) { $0 + Self.le(Int(UInt16(bitPattern: $1)), 2) }
        try wav.write(to: url)
        for (format, expected) in [
            ("matrix", "[1024,512]"), ("stream", "[1.0,0.5]"), ("discord", Data([255, 128]).base64EncodedString()),
            ("telegram", Data([0x1F, 0x02]).base64EncodedString()),
        ] {
            let outcome = await AttachmentKitTool.run(["waveform", url.path, "--buckets", "2", "--format", format])
            #expect(outcome.status == 0 && outcome.output == expected + "\n", "\(format): \(outcome)")
        }
        let bad = directory.appending("bad.wav")
        try Data("not a wav".utf8).write(to: bad)
        let outcome = await AttachmentKitTool.run(["waveform", bad.path])
        #expect(outcome.status == 2 && outcome.errorOutput.contains("not a WAV file"))
        #expect(await AttachmentKitTool.run(["waveform", url.path, "--format", "morse"]).status == 2)
    }

    private static func le(_ value: Int, _ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
}
#endif
