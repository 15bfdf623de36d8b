// Resolve an Atlas photo message: which part is the preview, which the original, and the
// size of the placeholder.
import AttachmentKit
import Foundation

let parts: [any MessagePart] = [
    LocalPart(id: "caption", mimeType: .textPlain, content: .data(Data("Sunset".utf8))),
    LocalPart(id: "original", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload),
    LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: .data(Data([0xFF, 0xD8, 0xFF]))),
    LocalPart(
        id: "size", mimeType: .imageSize,
        content: .data(Data(#"{"width":4032,"height":3024,"orientation":3}"#.utf8))),
]

let resolution = AttachmentResolver().resolve(parts)
print("image message:", resolution.isImageMessage)  // true
print("preview:", resolution.preview?.id ?? "none")  // preview
print("original:", resolution.original?.id ?? "none")  // original
if let size = resolution.placeholderSize {
    // The original is stored landscape with orientation "right": it displays as portrait.
    print("placeholder:", size.displayedSize.width, "x", size.displayedSize.height)  // 3024.0 x 4032.0
}
print("original is local:", resolution.original?.availableContent != nil)  // false
