import AttachmentKit
import Foundation

/// The text `attachmentkit resolve` prints for a resolution.
struct ResolutionReport {
    let message: MessageDescription
    let resolution: AttachmentResolution
    let source: String

    var text: String {
        var lines: [String] = []
        lines.append("message: \(message.name ?? source) (\(message.parts.count) parts)")
        lines.append("image message: \(resolution.isImageMessage ? "yes" : "no")")
        lines.append("preview: \(describe(resolution.preview))")
        lines.append("full resolution: \(describe(resolution.fullResolution))")
        lines.append("placeholder size: \(placeholderText)")
        let local = message.parts.filter { $0.availableContent != nil }.map(\.id.rawValue)
        lines.append("local: \(local.isEmpty ? "none" : local.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    private var placeholderText: String {
        if let size = resolution.placeholderSize {
            let origin: String
            switch size.source {
            case .sizeMetadata: origin = "from the size part"
            case .imageHeader(let id): origin = "from the header of \(id)"
            }
            return "\(format(size.displayedSize.width)) x \(format(size.displayedSize.height)) "
                + "(\(origin), orientation \(size.orientation))"
        }
        if let error = resolution.sizeMetadataError { return "unknown (\(error))" }
        return "unknown (no local size part)"
    }

    private func describe(_ part: (any MessagePart)?) -> String {
        guard let part else { return "none" }
        var text = "\(part.id) (\(part.mimeType), \(part.transferStatus.rawValue)"
        switch part.availableContent {
        case .file(let url)?: text += ", local file \(url.path)"
        case .data(let data)?: text += ", local data of \(data.count) bytes"
        case nil:
            if let remote = (part as? DescribedPart)?.remoteURL {
                text += ", not local, at \(remote.absoluteString)"
            } else {
                text += ", not local"
            }
        }
        return text + ")"
    }

    private func format(_ value: Double) -> String {
        guard abs(value) < 1e15, let integer = Int64(exactly: value) else { return String(value) }
        return String(integer)
    }
}
