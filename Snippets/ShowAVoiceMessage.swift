// Send a voice message with its duration and waveform, and show its length and bars before the
// audio arrives; read a voice note's exact duration from its bytes, whatever type it declares.
import AttachmentKit
import Foundation

// Sending: the app decodes its recording to PCM (AVAudioFile on Apple platforms).
let pcm: [Int16] = (0..<48_000).map { Int16(8000 * sin(Double($0) / 40)) }
let waveform = Waveform(samples: pcm, channelCount: 1, barCount: 100)
let details = VoiceDetails(duration: 1.0, waveform: waveform)
let voiceMessage: [any MessagePart] = [
    LocalPart(id: "voice", mimeType: .audioOgg, content: nil, transferStatus: .readyForDownload),
    LocalPart(id: "size", mimeType: .imageSize, content: .data(details.sizePartJSON())),
]

// Receiving: the size part gives the length and the bars at once.
let resolution = AttachmentResolver().resolve(voiceMessage)
if resolution.kind == .audio, let voice = resolution.placeholderSize?.voice {
    print("voice", voice.duration ?? 0, "s,", voice.waveform?.levels.count ?? 0, "bars")  // voice 1.0 s, 100 bars
}

// Each network's wire format.
print(waveform.matrixLevels.count, waveform.telegramBytes.count)  // 100 63
let discord = waveform.discordBase64()
print(try Waveform(discordBase64: discord).levels.count)  // 100

/// The exact duration of a downloaded voice note: Ogg Opus, MP3 or M4A, told from its bytes.
func duration(of file: URL) -> String {
    do {
        let header = try AudioInspector().inspect(fileAt: file)
        return "\(header.formatName), \(header.duration?.description ?? "unknown"), \(header.channelCount) ch"
    } catch {
        return "\(error)"
    }
}
