import Foundation
import Testing

@testable import AttachmentKit

/// The waveform's slices and scaling, and each client's wire format, including round trips.
@Suite("Waveform levels and wire formats", .inTurn)
struct WaveformTests {
    @Test("slices ⌊i·L/N⌋, root mean square, the loudest bar at 1, channels averaged to mono")
    func levels() {
        // Stereo: left 1000, right −1000 averages to silence; then a slice of 2000s and one of 1000s.
        let samples: [Int16] = [1000, -1000, 1000, -1000, 2000, 2000, 2000, 2000, 1000, 1000, 1000, 1000]
        let waveform = Waveform(samples: samples, channelCount: 2, barCount: 3)
        #expect(waveform.levels == [0, 1, 0.5])
        #expect(waveform.matrixLevels == [0, 1024, 512])
        #expect(
            Waveform(samples: [Int16](repeating: 0, count: 100), channelCount: 1, barCount: 4).levels == [0, 0, 0, 0])
        #expect(Waveform(samples: [Float.nan, 0.5, -0.5, .infinity], channelCount: 1, barCount: 2).levels == [1, 1])
        // Fewer samples than bars: empty slices are 0.
        #expect(Waveform(samples: [Int16(5)], channelCount: 1, barCount: 3).levels == [0, 0, 1])
        #expect(Waveform(samples: [Int16(5)], channelCount: 0, barCount: 3).levels.isEmpty)
        #expect(Waveform(samples: [Int16(5)], channelCount: 1, barCount: 0).levels.isEmpty)
    }

    @Test("Matrix: integers 0…1024 both ways; MSC3246's 0…256 parsed; out of range refused")
    func matrix() throws {
        let waveform = try Waveform(matrixLevels: [0, 512, 1024])
        #expect(waveform.levels == [0, 0.5, 1])
        #expect(waveform.matrixLevels == [0, 512, 1024])
        #expect(
            try Waveform(matrixLevels: [0, 128, 256], maximum: Waveform.msc3246Maximum).matrixLevels == [0, 512, 1024])
        #expect(throws: Waveform.Error.levelOutOfRange(index: 1, value: 1025, maximum: 1024)) {
            try Waveform(matrixLevels: [0, 1025])
        }
        #expect(throws: Waveform.Error.self) { try Waveform(matrixLevels: [-1]) }
    }

    @Test("Telegram: 5 bits a value, least significant bit first, and back")
    func telegram() {
        let waveform = Waveform(levels: [31, 0, 15, 7, 1, 30, 2].map { Double($0) / 31 })
        // telethon's utils.encode_waveform(bytes([31, 0, 15, 7, 1, 30, 2])).
        #expect(waveform.telegramBytes == Data([0x1F, 0xBC, 0x13, 0xBC, 0x00]))
        let decoded = Waveform(telegramBytes: waveform.telegramBytes)
        #expect(decoded.levels.count == 8)  // 40 bits: 8 values, the last from padding
        #expect(Array(decoded.levels.prefix(7)) == waveform.levels)
        #expect(Waveform(telegramBytes: Data()).levels.isEmpty)
    }

    @Test("Discord: base64 of bytes 0…255, more than 256 bars resampled to 256, more refused when decoding")
    func discord() throws {
        let waveform = Waveform(levels: [0, 1, 0.5])
        #expect(waveform.discordBase64() == Data([0, 255, 128]).base64EncodedString())
        #expect(try Waveform(discordBase64: "AP+A").levels == [0, 1, 128.0 / 255])
        let long = Waveform(levels: (0..<1000).map { Double($0 % 10) / 9 })
        let resampled = try Waveform(discordBase64: long.discordBase64())
        #expect(resampled.levels.count == 256)
        #expect(resampled.levels.max() == 1)
        #expect(throws: Waveform.Error.invalidBase64) { try Waveform(discordBase64: "not base64!") }
        let tooMany = Data(repeating: 1, count: 257).base64EncodedString()
        #expect(throws: Waveform.Error.tooManyLevels(count: 257, maximum: 256)) {
            try Waveform(discordBase64: tooMany)
        }
    }

    @Test("Stream: numbers 0…1; NaN and values outside refused")
    func stream() throws {
        #expect(try Waveform(streamLevels: [0, 0.25, 1]).streamLevels == [0, 0.25, 1])
        #expect(throws: Waveform.Error.self) { try Waveform(streamLevels: [.nan]) }
        #expect(throws: Waveform.Error.self) { try Waveform(streamLevels: [1.5]) }
        #expect(Waveform(levels: [-1, .nan, 2]).levels == [0, 0, 1])
    }

    @Test("resampling keeps the same slice rule and rescales the loudest bar to 1")
    func resampling() {
        let waveform = Waveform(levels: [0, 0, 1, 1, 0.5, 0.5])
        #expect(waveform.resampled(toAtMost: 3).levels == [0, 1, 0.5])
        #expect(waveform.resampled(toAtMost: 10) == waveform)
        #expect(waveform.resampled(toAtMost: 0).levels.isEmpty)
    }
}
