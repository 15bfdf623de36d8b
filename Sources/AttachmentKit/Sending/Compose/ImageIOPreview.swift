#if canImport(ImageIO)
import Foundation
import ImageIO

/// A preview made by ImageIO on Apple platforms: `CGImageSourceCreateThumbnailAtIndex` with a
/// maximum pixel size and the orientation applied (ImageIO decodes at a reduced scale, never
/// the full image), encoded as JPEG, with no metadata of its own. Apple platforms only.
enum ImageIOPreview {
    /// A JPEG of at most `maximumPixelSize` on its longer side, upright, or `nil` when ImageIO
    /// can't read the file.
    static func preview(ofImageAt url: URL, maximumPixelSize: Int, quality: Double) -> Data? {
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithURL(url as CFURL, sourceOptions) else { return nil }
        let thumbnailOptions: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: maximumPixelSize,
            kCGImageSourceShouldCacheImmediately: false,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions as CFDictionary) else {
            return nil
        }
        let output = NSMutableData()
        guard
            let destination = CGImageDestinationCreateWithData(
                output as CFMutableData, "public.jpeg" as CFString, 1, nil)
        else { return nil }
        let encoding = [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary
        CGImageDestinationAddImage(destination, image, encoding)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return output as Data
    }
}
#endif
