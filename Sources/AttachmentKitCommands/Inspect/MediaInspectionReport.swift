import AttachmentKit
import Foundation

/// The text `attachmentkit inspect` prints for one video or audio file (ISO media), local or
/// remote, in the style of ``InspectionReport``.
struct MediaInspectionReport {
    let source: InspectedSource
    let header: ISOMediaHeader

    var text: String {
        var lines = [source.path]
        lines.append("  format: \(header.format) (\(header.format.mimeType))")
        let compatible = header.compatibleBrands.map { "\"\($0)\"" }.joined(separator: ", ")
        lines.append("  brands: \"\(header.majorBrand)\"\(compatible.isEmpty ? "" : " (\(compatible))")")
        lines.append("  duration: \(header.duration.map(\.description) ?? "unknown")")
        if let size = header.displayedSize {
            lines.append("  displayed size: \(Int(size.width)) x \(Int(size.height))")
            lines.append("  rotation: \(header.rotation)")
        } else {
            lines.append("  displayed size: none (no video)")
        }
        for track in header.tracks {
            let duration = track.duration.map(\.description) ?? "unknown duration"
            lines.append("  track \(track.id): \(track.kind), \(track.codec ?? "no codec"), \(duration)")
        }
        lines.append("  fast start: \(header.isFastStart ? "yes" : "no")\(header.isFragmented ? " (fragmented)" : "")")
        lines.append("  metadata: \(header.personalMetadata)")
        lines.append(source.bytesLine(header.inspectedByteCount))
        return lines.joined(separator: "\n") + "\n"
    }
}
