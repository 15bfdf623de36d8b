// The zoom geometry of a photo viewer on a 375 × 667 point phone at screen scale 2: the worked
// values of the Zooming article, a double tap, a rotation, and the full image replacing the
// preview.
import AttachmentKit
import Foundation

func text(_ size: CGSize) -> String { "\(size.width) x \(size.height)" }
func text(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }

let phone = CGSize(width: 375, height: 667)

var portrait = ZoomViewport(boundsSize: phone, pixelSize: PixelSize(width: 3000, height: 4000), screenScale: 2)
print("3000 x 4000: zoom", portrait.minimumZoomScale, "...", portrait.maximumZoomScale)  // 0.125 ... 0.5
print("  scaled content:", text(portrait.scaledContentSize))  // 375.0 x 500.0
print("  inset top and bottom:", portrait.contentInset.top, portrait.contentInset.bottom)  // 83.5 83.5
print("  offset:", text(portrait.contentOffset))  // (0.0, -83.5)

let landscape = ZoomViewport(boundsSize: phone, pixelSize: PixelSize(width: 4000, height: 3000), screenScale: 2)
print("4000 x 3000: minimum", landscape.minimumZoomScale)  // 0.09375
print("  scaled content:", text(landscape.scaledContentSize))  // 375.0 x 281.25
print("  inset top:", landscape.contentInset.top)  // 192.875

var small = ZoomViewport(boundsSize: phone, pixelSize: PixelSize(width: 200, height: 100), screenScale: 2)
print("200 x 100: zoom", small.minimumZoomScale, "...", small.maximumZoomScale)  // 0.5 ... 0.5
print("  scaled content:", text(small.scaledContentSize))  // 100.0 x 50.0
print("  inset left and top:", small.contentInset.left, small.contentInset.top)  // 137.5 308.5
print("  double tap:", small.doubleTap(at: CGPoint(x: 187.5, y: 333.5)))  // notZoomable

var fixed = ZoomViewport(
    boundsSize: phone, pixelSize: PixelSize(width: 1000, height: 800), screenScale: 2,
    policy: .fixed(minimum: 0.2, maximum: 5))
print("fixed 0.2...5, 1000 x 800: zoom", fixed.zoomScale, "offset", text(fixed.contentOffset))  // 1.0 (0.0, 0.0)
fixed.zoom(to: 0.2)
print("  at 0.2:", text(fixed.scaledContentSize), "insets", fixed.contentInset.left, fixed.contentInset.top)
// 200.0 x 160.0 insets 87.5 253.5

// A double tap zooms in to one image pixel per device pixel around the tapped point; a rotation
// keeps the zoom and the centre.
print("double tap:", portrait.doubleTap(at: CGPoint(x: 187.5, y: 333.5)), "to", portrait.zoomScale)  // zoomedIn to 0.5
portrait.changeBoundsSize(to: CGSize(width: 667, height: 375))
print("rotated: zoom", portrait.zoomScale, "centre", portrait.visibleRect.midX, portrait.visibleRect.midY)
// 0.5 centre 1500.0 2000.0

// The full image replaces a half-size preview: same scaled size, same offset, no jump.
var preview = ZoomViewport(boundsSize: phone, pixelSize: PixelSize(width: 1500, height: 2000), screenScale: 2)
preview.zoom(to: 0.3, anchoredAt: CGPoint(x: 100, y: 200))
print("preview:", text(preview.scaledContentSize), "at", text(preview.contentOffset))  // 450.0 x 600.0 at (20.0, -33.5)
preview.replaceContent(pixelSize: PixelSize(width: 3000, height: 4000))
print("full:   ", text(preview.scaledContentSize), "at", text(preview.contentOffset))  // 450.0 x 600.0 at (20.0, -33.5)

// In a chat, lay the viewer out from the message's placeholder: the preview is drawn at the
// original's size from the first frame, and the original changes nothing.
let placeholder = PlaceholderSize(
    displayedSize: PixelSize(width: 4032, height: 3024), orientation: .up, source: .sizeMetadata)
var chat = ZoomViewport(boundsSize: phone, placeholder: placeholder, screenScale: 3)
print("preview at:", text(chat.scaledContentSize))  // 375.0 x 281.25, not the preview's 170.7 x 128.0
let beforeOriginal = chat
chat.replaceContent(pixelSize: PixelSize(width: 4032, height: 3024))
print("original changes nothing:", chat == beforeOriginal)  // true
