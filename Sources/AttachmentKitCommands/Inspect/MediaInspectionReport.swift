import AttachmentKit
import Foundation

/// The text `attachmentkit inspect` prints for one video or audio file (ISO media), local or
/// remote, in the style of ``InspectionReport``.
struct MediaInspectionReport {
    let path: String
    let header: ISOMediaHeader
    /// The file's length for a local file; `nil` for a remote one, whose bytes are fetched.
    let fileSize: Int64?
    let isRemote: Bool

    var text: String {
        var lines = [path]
        lines.append("  format: \(header.format) (\(header.format.mimeType))")
        let compatible = header.compatibleBrands.map { "\"\($0)\"" }.joined(separator: ", ")
        lines.append("  brands: \"\(header.majorBrand)\"\(compatible.isEmpty ? "" : " (\(compatible))")")
        lines.append("  duration: \(header.duration.map(\.description) ?? "unknown")")
        if let size = header.displayedSize {
            lines.append("  display size: \(Int(size.width)) x \(Int(size.height))")
            lines.append("  rotation: \(header.rotation)")
        } else {
            lines.append("  display size: none (no video)")
        }
        for track in header.tracks {
            let duration = track.duration.map(\.description) ?? "unknown duration"
            lines.append("  track \(track.id): \(track.kind), \(track.codec ?? "no codec"), \(duration)")
        }
        lines.append("  fast start: \(header.isFastStart ? "yes" : "no")\(header.isFragmented ? " (fragmented)" : "")")
        lines.append("  metadata: \(header.personalMetadata)")
        if isRemote {
            lines.append("  bytes fetched: \(header.inspectedByteCount)")
        } else {
            lines.append("  bytes read: \(header.inspectedByteCount)\(fileSize.map { " of \($0)" } ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
