import AttachmentKit
import Foundation

/// `attachmentkit waveform FILE.wav --buckets N --format matrix|telegram|discord|stream`: the
/// waveform of a 16-bit PCM WAV file (``Waveform/init(samples:channelCount:barCount:)-(_,_,_)``)
/// in a chat network's format: JSON arrays for Matrix and Stream, base64 for Telegram and
/// Discord.
enum WaveformCommand {
    /// The formats `--format` names.
    static let formats = ["matrix", "telegram", "discord", "stream"]

    /// The command's options, popped from `arguments`: `--buckets` (100 when absent) and
    /// `--format` (`matrix` when absent).
    static func popOptions(from arguments: inout ArgumentList) throws(CommandError) -> (buckets: String, format: String) {
        let bucketText = try arguments.popValue(of: "--buckets") ?? "100"
        return (bucketText, try arguments.popValue(of: "--format") ?? "matrix")
    }

    static func run(_ arguments: inout ArgumentList) throws(CommandError) -> AttachmentKitTool.Outcome {
        let (bucketText, format) = try popOptions(from: &arguments)
        let files = try arguments.popPositionals()
        guard files.count == 1, let path = files.first else { throw .usage("waveform needs one WAV file") }
        guard let buckets = Int(bucketText), (1...10_000).contains(buckets) else {
            throw .usage("--buckets \(bucketText): a whole number from 1 to 10000")
        }
        guard formats.contains(format) else {
            throw .usage("--format \(format): one of \(formats.joined(separator: ", "))")
        }
        let wav: WAVFile
        do {
            wav = try WAVFile(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return AttachmentKitTool.Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(path): \(error)\n")
        }
        let waveform = Waveform(samples: wav.samples, channelCount: wav.channelCount, barCount: buckets)
        return AttachmentKitTool.Outcome(status: 0, output: encoded(waveform, format) + "\n", errorOutput: "")
    }

    /// `waveform` in `format`.
    static func encoded(_ waveform: Waveform, _ format: String) -> String {
        switch format {
        case "telegram": waveform.telegramBytes.base64EncodedString()
        case "discord": waveform.discordBase64()
        case "stream": "[" + waveform.streamLevels.map { String($0) }.joined(separator: ",") + "]"
        default: "[" + waveform.matrixLevels.map(String.init).joined(separator: ",") + "]"
        }
    }
}
