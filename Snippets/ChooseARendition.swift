// Picks the rendition of a Flickr photo to download for a grid cell and for a zoomed viewer,
// headlessly: the smallest that covers the pixels shown, the original when none does.
import AttachmentKit
import Foundation

// snippet.hide
let original = URL(string: "https://live.staticflickr.com/65535/5310_o.jpg")!
let large = URL(string: "https://live.staticflickr.com/65535/5310_b.jpg")!
let medium = URL(string: "https://live.staticflickr.com/65535/5310_z.jpg")!
// snippet.show
var photo = RemotePart(id: "flickr/5310", url: original, mimeType: .imageJPEG)
photo.renditions = [
    photo.rendition(url: large, pixelSize: PixelSize(width: 1024, height: 768)),  // FlickrPhotoFormatLarge
    photo.rendition(url: medium, pixelSize: PixelSize(width: 640, height: 480)),
]
let sizePart = LocalPart(
    id: "flickr/5310/size", mimeType: .imageSize, content: .data(Data(#"{"width":4032,"height":3024}"#.utf8)))
let resolver = AttachmentResolver()
let resolution = resolver.resolve([photo, sizePart])
print(resolution.renditions.map(\.description))
// ["flickr/5310@640x480 (640 x 480 px)", "flickr/5310@1024x768 (1024 x 768 px)", "flickr/5310 (4032 x 3024 px)"]

// A 120 × 90 point grid cell at screen scale 3 shows 360 × 270 pixels.
let cellPixels = PixelSize(width: 4032, height: 3024)
    .decodeTarget(forViewOfSize: CGSize(width: 120, height: 90), screenScale: 3)
let forCell = resolver.policy.rendition(for: cellPixels, among: resolution.renditions)
print("cell:", forCell?.part.id ?? "none")  // flickr/5310@640x480

// A viewer laid out at the original's size: 750 px wide at first, 1875 px at zoom × 2.5.
var viewport = ZoomViewport(
    boundsSize: CGSize(width: 375, height: 667), placeholder: resolution.placeholderSize, screenScale: 2)
let atFirst = resolver.policy.rendition(for: viewport.displayedPixelSize, among: resolution.renditions)
print("viewer:", atFirst?.part.id ?? "none")  // flickr/5310@1024x768
viewport.zoom(by: 2.5)
let zoomed = resolver.policy.rendition(for: viewport.displayedPixelSize, among: resolution.renditions)
print("zoomed:", zoomed?.part.id ?? "none", zoomed?.contentKey.description ?? "")  // flickr/5310 flickr/5310#original
