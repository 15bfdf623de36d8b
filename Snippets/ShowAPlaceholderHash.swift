// Show a blurred placeholder before the preview: the size part's ThumbHash or BlurHash, decoded
// with every field checked. (A progressive JPEG's prefixes: the ShowProgressivePreviews snippet.)
import AttachmentKit
import Foundation

// A size part that carries a BlurHash, as Mastodon, Signal or Matrix clients send one.
let json = #"{"width": 4032, "height": 3024, "blurhash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}"#
do {
    let size = try ImageSizeMetadata(json: Data(json.utf8))
    if let image = size.placeholderImage() {
        // 32 × 24 RGBA pixels: scale them up to the cell; lay out from the size part.
        print(image.width, "x", image.height, "for", size.displayedSize)
    }
    // A damaged hash is an error that names the problem, never a crash.
    _ = try BlurHash("LEHV6nWB2yk8pyo0adR*")
} catch {
    print(error)  // the BlurHash has 20 characters; its components call for 28
}
