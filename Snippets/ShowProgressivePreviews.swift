// Show a photo message sooner: the blurred picture of a placeholder part of its own first, then
// each new prefix of a progressive JPEG that decodes, while the original downloads.
import AttachmentKit
import Foundation

// A message whose backend sends the original's ThumbHash as a part of its own.
func photoMessage(original: URL, thumbHash: String) -> [any MessagePart] {
    [
        RemotePart(id: "photo", url: original, mimeType: .imageJPEG),
        LocalPart(id: "photo-hash", mimeType: .thumbHash, content: .data(Data(thumbHash.utf8))),
    ]
}

func show(_ parts: [any MessagePart], with resolver: AttachmentResolver) async {
    for await event in resolver.events(for: parts, fetchingOriginal: true) {
        switch event {
        case .placeholder(let size):
            // Lay out from the displayed size; scale the hash's small picture up to it.
            print("placeholder", size.displayedSize, size.image.map { "\($0.width)x\($0.height)" } ?? "no picture")
        case .progress(let progress, _):
            if let prefix = progress.displayablePrefix {
                // A copy of the bytes that arrived, never the file being written: decode it as it is.
                print("\(prefix.scanCount) scans: decode \(prefix.decodableData.count) bytes")
            }
        case .preview, .original:
            print("show the image")
        case .failed(let failure):
            print(failure)
        }
    }
}
