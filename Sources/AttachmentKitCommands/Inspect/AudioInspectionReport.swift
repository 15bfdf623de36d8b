import AttachmentKit
import Foundation

/// The text `attachmentkit inspect` prints for one audio file (Ogg, MP3, M4A), local or remote,
/// in the style of ``MediaInspectionReport``.
struct AudioInspectionReport {
    let path: String
    let header: AudioHeader
    /// The file's length for a local file; `nil` for a remote one, whose bytes are fetched.
    let fileSize: Int64?
    let isRemote: Bool

    var text: String {
        var lines = [path]
        lines.append("  format: \(header.formatName) (\(header.format.mimeType))")
        let duration = header.duration.map(\.description) ?? "unknown"
        lines.append("  duration: \(duration)\(header.isDurationEstimated ? " (estimated)" : "")")
        lines.append("  channels: \(header.channelCount)")
        let input = header.inputSampleRate.map { " (input \($0) Hz)" } ?? ""
        lines.append("  sample rate: \(header.sampleRate) Hz\(input)")
        lines.append("  codec: \(header.codec)")
        if header.streamCount > 1 { lines.append("  chained streams: \(header.streamCount)") }
        if let encoder = header.encoder { lines.append("  encoder: \(encoder)") }
        if isRemote {
            lines.append("  bytes fetched: \(header.inspectedByteCount)")
        } else {
            lines.append("  bytes read: \(header.inspectedByteCount)\(fileSize.map { " of \($0)" } ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
