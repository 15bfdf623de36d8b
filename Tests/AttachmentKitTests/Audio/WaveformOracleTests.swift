import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// The waveform `attachmentkit waveform` prints for the corpus's WAV files agrees with numpy
/// computing the same slices over the same samples, and the Telegram bytes with telethon.
@Suite("Waveforms against numpy and telethon", SuiteTimeLimit.minutes(5), .inTurn)
struct WaveformOracleTests {
    static let numpyScript = #"""
        import json, sys, wave
        import numpy as np
        path, bars = sys.argv[1], int(sys.argv[2])
        with wave.open(path) as w:
            channels = w.getnchannels()
            samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
        mono = samples[: len(samples) // channels * channels].reshape(-1, channels).mean(axis=1)
        length = len(mono)
        rms = np.array([np.sqrt(np.mean(mono[i * length // bars:(i + 1) * length // bars] ** 2)) for i in range(bars)])
        levels = rms / rms.max() if rms.max() > 0 else rms
        print(json.dumps({"matrix": [int(round(v * 1024)) for v in levels],
            "telegram": [int(round(v * 31)) for v in levels]}))
        """#

    static let telethonScript = """
        import base64, json, sys
        from telethon import utils
        print(base64.b64encode(utils.encode_waveform(bytes(json.loads(sys.argv[1])))).decode())
        """

    struct Reference: Decodable {
        let matrix: [Int]
        let telegram: [Int]
    }

    static func numpyAvailable() async -> Bool {
        guard AudioCorpus.isAvailable else { return false }
        return (try? await ExternalTool.run("python3", ["-c", "import numpy"]).status) == 0
    }

    static func telethonAvailable() async -> Bool {
        (try? await ExternalTool.run("python3", ["-c", "import telethon"]).status) == 0
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "matrix levels within 1 of numpy's, for mono and stereo at 8, 16, 22.05 and 48 kHz",
        .enabled("needs the audio corpus tools and numpy") { await numpyAvailable() },
        arguments: AudioCorpus.wavFiles)
    func numpy(_ name: String) async throws {
        let path = try await AudioCorpus.shared().url(name).path
        for bars in [1, 37, 100] {
            let outcome = try await ExternalTool.run("python3", ["-c", Self.numpyScript, path, "\(bars)"])
            #expect(outcome.status == 0, "\(outcome.errorText)")
            let reference = try JSONDecoder().decode(Reference.self, from: outcome.output)
            let printed = await AttachmentKitTool.run(["waveform", path, "--buckets", "\(bars)", "--format", "matrix"])
            let ours = try JSONDecoder().decode([Int].self, from: Data(printed.output.utf8))
            #expect(ours.count == bars)
            #expect(zip(ours, reference.matrix).allSatisfy { abs($0 - $1) <= 1 }, "\(ours) vs \(reference.matrix)")
            #expect(ours.max() == 1024)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the Telegram bytes equal telethon's encode_waveform of the same levels",
        .enabled("needs PyPI telethon") { await telethonAvailable() })
    func telethon() async throws {
        var random = SplitMix64(seed: 36)
        for count in [0, 1, 2, 7, 8, 63, 100, 101] {
            let values = (0..<count).map { _ in Int(random.next() % 32) }
            let waveform = Waveform(levels: values.map { Double($0) / 31 })
            let json = "[" + values.map(String.init).joined(separator: ",") + "]"
            let outcome = try await ExternalTool.run("python3", ["-c", Self.telethonScript, json])
            #expect(outcome.status == 0, "\(outcome.errorText)")
            let expected = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(waveform.telegramBytes.base64EncodedString() == expected, "\(values)")
            #expect(
                Waveform(telegramBytes: waveform.telegramBytes).levels.prefix(count).map { Int(($0 * 31).rounded()) }
                    == values)
        }
    }
}
#endif
