// Show an image message step by step from AttachmentResolver.events, as in the "Download
// Lifecycle" article and the README: placeholder, preview, progress, original.
import AttachmentKit
import Foundation

// snippet.hide
/// A stand-in for an image cell.
@MainActor
final class PhotoCell {
    var aspectRatio = 1.0
    var progress = 0.0  // a progress bar's value: non-optional, as UIProgressView's is
    func show(_ content: PartContent) { print("show", content.fileURL?.lastPathComponent ?? "data") }
    func showError(_ failure: AttachmentResolver.Failure) { print("error:", failure) }
}

struct Message { var parts: [any MessagePart] }

let message = Message(parts: [
    LocalPart(id: "original", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload),
    LocalPart(
        id: "size", mimeType: .imageSize, content: .data(Data(#"{"width":4032,"height":3024,"orientation":3}"#.utf8))),
])
let resolver = AttachmentResolver(downloads: DownloadCoordinator())
let cell = PhotoCell()
// snippet.show
for await event in resolver.events(for: message.parts, fetchingOriginal: true) {
    switch event {
    case .placeholder(let size): cell.aspectRatio = size.aspectRatio
    case .preview(let content, _): cell.show(content)
    case .progress(let progress, _): cell.progress = progress.fractionCompleted ?? 0  // nil: size unknown
    case .original(let content, _): cell.show(content)
    case .failed(let failure): cell.showError(failure)
    }
}
// snippet.hide
print("aspect ratio:", cell.aspectRatio)  // 0.75: a portrait photo stored sideways
