// The classic scroll-view photo viewer (Stanford CS193p's Shutterbug): limits 0.2...5, the image
// at zoom 1 with the content size equal to the image size, and zoom 1 again for each new image.
import AttachmentKit
import Foundation

var viewer = ZoomViewport(
    boundsSize: CGSize(width: 375, height: 667), pixelSize: PixelSize(width: 1000, height: 800), screenScale: 2,
    policy: .classicViewer)
print("zoom", viewer.zoomScale, "in", viewer.minimumZoomScale, "...", viewer.maximumZoomScale)  // 1.0 in 0.2 ... 5.0
print("content size:", viewer.scaledContentSize)  // 1000 x 800, the image size
viewer.zoom(to: 3)
viewer.showImage(pixelSize: PixelSize(width: 640, height: 480))  // the next photo
print("new image: zoom", viewer.zoomScale, "offset", viewer.contentOffset)  // 1.0 (0, -93.5): centred, too short
