import Foundation

/// The hashes a message carries for its image, from the size part's JSON or from placeholder
/// parts of their own, and the picture they give at a displayed size.
struct PlaceholderHashes: Sendable, Equatable {
    var thumbHash: ThumbHash?
    var blurHash: BlurHash?

    /// The blurred placeholder: the ThumbHash at its natural size (32 pixels on the long side of
    /// its approximate ratio) when there is one, which keeps colour and alpha better; otherwise
    /// the BlurHash, 32 pixels on the long side of `displayedSize` (BlurHash records no ratio).
    /// `nil` with neither.
    func image(displayedSize size: PixelSize) -> PlaceholderImage? {
        if let thumbHash, let image = try? thumbHash.image() { return image }
        guard let blurHash else { return nil }
        let side = Double(BlurHash.usualSide)
        let short = { (ratio: Double) in ratio.isFinite ? max(1, Int((side * ratio).rounded())) : BlurHash.usualSide }
        let (width, height) =
            size.width >= size.height
            ? (BlurHash.usualSide, short(Double(size.height / size.width)))
            : (short(Double(size.width / size.height)), BlurHash.usualSide)
        return try? blurHash.image(width: width, height: height)
    }
}
