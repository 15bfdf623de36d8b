#if canImport(CoreGraphics)
import CoreGraphics
import Foundation

extension PlaceholderImage {
    /// The placeholder as an sRGB `CGImage`, alpha not premultiplied; `nil` when Core
    /// Graphics refuses it. Show it scaled up with smooth filtering.
    public var cgImage: CGImage? {
        guard let provider = CGDataProvider(data: Data(rgba) as CFData),
            let space = CGColorSpace(name: CGColorSpace.sRGB)
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
            space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue), provider: provider,
            decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}
#endif
