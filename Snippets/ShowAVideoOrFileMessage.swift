// Show a video message (its poster, size, duration and rotation before the video is here) and a
// file message (its name, type and size), and download either only when the user asks.
import AttachmentKit
import Foundation

let poster = Data([0xFF, 0xD8, 0xFF, 0xE0])  // a real app has the poster's JPEG here
let videoMessage: [any MessagePart] = [
    LocalPart(id: "video", mimeType: .videoMP4, content: nil, transferStatus: .readyForDownload),
    LocalPart(id: "poster", mimeType: .imageJPEGPreview, content: .data(poster)),
    LocalPart(
        id: "size", mimeType: .imageSize,
        content: .data(Data(#"{"width":1080,"height":1920,"duration":12.5}"#.utf8))),
]
let fileMessage: [any MessagePart] = [
    LocalPart(id: "text", mimeType: .textPlain, content: .data(Data("The lease".utf8))),
    LocalPart(
        id: "lease", mimeType: try MIMEType(#"application/pdf; name="Lease.pdf""#), content: nil,
        transferStatus: .readyForDownload, byteCount: 482_113),
]

let resolver = AttachmentResolver()
for parts in [videoMessage, fileMessage] {
    let resolution = resolver.resolve(parts)
    switch resolution.kind {
    case .video?:
        // The poster is the preview; the size part gives the bubble's size and the duration badge.
        let size = resolution.placeholderSize
        print("video", size?.displayedSize ?? .zero, size?.video?.duration ?? 0, "s")  // (1080, 1920) 12.5 s
        print("poster:", resolution.preview?.id ?? "none")  // poster
    case .file?:
        let file = resolution.original
        print("file", file?.fileName ?? "unnamed", file?.mimeType.essence ?? "", file?.byteCount ?? 0)
    // file Lease.pdf application/pdf 482113
    case .image?, .audio?, nil:
        break
    }
}

/// The events of a message the user tapped: the video or the file downloaded, checked against its
/// declared type (a "PDF" that is an HTML page fails), then handed to a player or a viewer.
func open(_ parts: [any MessagePart]) async {
    for await event in resolver.events(for: parts, fetchingOriginal: true) {
        switch event {
        case .placeholder(let size):
            print("size", size.displayedSize, "rotation", size.video?.rotation.map(\.description) ?? "unknown")
        case .preview(_, let id): print("poster", id)
        case .progress(let progress, _): print(progress.fractionCompleted ?? 0)
        case .original(let content, _): print("open", content)
        case .failed(let failure): print(failure)
        }
    }
}

/// Over Wi-Fi, previews up to 2 MiB and clips up to 25 MiB are fetched unasked.
func autoDownload(onWiFi: Bool) -> AttachmentResolver.AutoDownloadPolicy {
    var wifi = AttachmentResolver.AutoDownloadPolicy.default
    wifi.mimeTypes.insert(.videoMP4)
    wifi.maximumVideoAndFileByteCount = 25 << 20
    return onWiFi ? wifi : .default
}
