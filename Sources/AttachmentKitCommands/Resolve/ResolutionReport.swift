import AttachmentKit
import Foundation

/// The text `attachmentkit resolve` prints for a resolution.
struct ResolutionReport {
    let name: String?
    let parts: [any MessagePart]
    let resolution: AttachmentResolver.Resolution
    let source: String
    /// The placeholder read from a remote video's header (``RemoteVideoPlaceholder``), when it was.
    var remoteVideo: RemoteVideoPlaceholder.Outcome? = nil

    init(message: MessageDescription, resolution: AttachmentResolver.Resolution, source: String) {
        self.init(name: message.name, parts: message.parts, resolution: resolution, source: source)
    }

    init(name: String?, parts: [any MessagePart], resolution: AttachmentResolver.Resolution, source: String) {
        self.name = name
        self.parts = parts
        self.resolution = resolution
        self.source = source
    }

    var text: String {
        var lines: [String] = []
        lines.append("message: \(name ?? source) (\(parts.count) parts)")
        lines.append("image message: \(resolution.isImageMessage ? "yes" : "no")")
        lines.append("kind: \(resolution.kind?.rawValue ?? "none")")
        lines.append("\(resolution.kind == .video ? "poster" : "preview"): \(describe(resolution.preview))")
        lines.append(
            "\(resolution.kind == .video ? "video" : "original"): \(describe(resolution.original))")
        lines.append("placeholder size: \(placeholderText)")
        if resolution.kind == .video { lines += videoLines }
        if resolution.kind == .file, let file = resolution.original { lines.append(fileLine(file)) }
        let local = parts.filter { $0.availableContent != nil }.map(\.id.rawValue)
        lines.append("local: \(local.isEmpty ? "none" : local.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The placeholder: the remote video header's when it was read, else the resolution's.
    private var placeholder: PlaceholderSize? {
        if case .placeholder(let size)? = remoteVideo { return size }
        return resolution.placeholderSize
    }

    private var videoLines: [String] {
        let video = placeholder?.video
        let duration = video?.duration.map { String(format: "%.3f s", $0) } ?? "unknown"
        let rotation = video?.rotation.map(\.description) ?? "unknown (no video header read)"
        return ["duration: \(duration)", "rotation: \(rotation)"]
    }

    private func fileLine(_ file: any MessagePart) -> String {
        let size = file.byteCount.map { "\($0) bytes" } ?? "unknown size"
        return "file: \(file.fileName ?? "unnamed") (\(file.mimeType.essence), \(size))"
    }

    private var placeholderText: String {
        if let size = placeholder {
            let origin: String
            switch size.source {
            case .sizeMetadata: origin = "from the size part"
            case .imageHeader(let id): origin = "from the header of \(id)"
            case .videoHeader(let id):
                let remote = remoteVideo != nil ? ", read with ranged requests" : ""
                origin = "from the video header of \(id)\(remote)"
            }
            return "\(format(size.displayedSize.width)) x \(format(size.displayedSize.height)) "
                + "(\(origin), orientation \(size.orientation))"
        }
        if let error = resolution.sizeMetadataError { return "unknown (\(error))" }
        if case .failed(let error)? = remoteVideo { return "unknown (the video header: \(error))" }
        return "unknown (no local size part)"
    }

    private func describe(_ part: (any MessagePart)?) -> String {
        guard let part else { return "none" }
        var text = "\(part.id) (\(part.mimeType), \(part.transferStatus.rawValue)"
        switch part.availableContent {
        case .file(let url)?: text += ", local file \(url.path)"
        case .data(let data)?: text += ", local data of \(data.count) bytes"
        case nil:
            if let remote = (part as? DescribedPart)?.remoteURL ?? (part as? RemotePart)?.url {
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
