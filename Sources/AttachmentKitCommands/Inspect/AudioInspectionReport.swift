import AttachmentKit
import Foundation

/// The text `attachmentkit inspect` prints for one audio file (Ogg, MP3, M4A), local or remote,
/// in the style of ``MediaInspectionReport``.
struct AudioInspectionReport {
    let source: InspectedSource
    let header: AudioHeader

    var text: String {
        var lines = [source.path]
        lines.append("  format: \(header.formatName) (\(header.format.mimeType))")
        let duration = header.duration.map(\.description) ?? "unknown"
        lines.append("  duration: \(duration)\(header.isDurationEstimated ? " (estimated)" : "")")
        lines.append("  channels: \(header.channelCount)")
        let input = header.inputSampleRate.map { " (input \($0) Hz)" } ?? ""
        lines.append("  sample rate: \(header.sampleRate) Hz\(input)")
        lines.append("  codec: \(header.codec)")
        if header.streamCount > 1 { lines.append("  chained streams: \(header.streamCount)") }
        if let encoder = header.encoder { lines.append("  encoder: \(encoder)") }
        lines.append(source.bytesLine(header.inspectedByteCount))
        return lines.joined(separator: "\n") + "\n"
    }
}
