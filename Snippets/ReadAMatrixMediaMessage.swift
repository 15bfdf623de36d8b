// Read an m.image event content the way a receiving client does: the content is checked field
// by field, becomes parts (the original, its thumbnail as the preview, info as the placeholder
// size), and the server's thumbnails are renditions chosen by the size shown. Nothing is
// downloaded here, so that it runs offline.
import AttachmentKit
import AttachmentKitMatrix
import Foundation

let eventContent = Data(
    """
    {"msgtype": "m.image", "body": "beach.jpg",
     "url": "mxc://example.org/JWEIFJgwEIhweiWJE",
     "info": {"mimetype": "image/jpeg", "size": 31037, "w": 1200, "h": 900,
              "thumbnail_url": "mxc://example.org/thumbNAIL123",
              "thumbnail_info": {"mimetype": "image/jpeg", "w": 320, "h": 240, "size": 4301}}}
    """.utf8)

let client = MatrixMediaClient(
    homeserver: URL(string: "https://matrix.example.org")!, accessToken: "syt_access_token")
let content = try MatrixMediaContent(json: eventContent)
let resolution = AttachmentResolver(policy: .matrix).resolve(client.parts(for: content))
let cell = AttachmentResolver.Policy.matrix.rendition(
    for: PixelSize(width: 600, height: 450), among: resolution.renditions)
print(resolution.placeholderSize?.displayedSize ?? .zero)  // 1200 x 900, from info.w and info.h
print(cell?.part.id.rawValue ?? "none")  // mxc://example.org/JWEIFJgwEIhweiWJE@640x480
