extension ImageSizeMetadata {
    /// The blurred placeholder of the size part's hash: its ThumbHash at its natural size
    /// (32 pixels on the long side of its approximate ratio) when it has one, which keeps
    /// colour and alpha better; otherwise its BlurHash, 32 pixels on the long side of the
    /// displayed size (BlurHash records no ratio). `nil` with neither.
    public func placeholderImage() -> PlaceholderImage? {
        if let thumbHash, let image = try? thumbHash.image() { return image }
        guard let blurHash else { return nil }
        let size = displayedSize
        let side = Double(BlurHash.usualSide)
        let short = { (ratio: Double) in max(1, Int((side * ratio).rounded())) }
        let (width, height) =
            size.width >= size.height
            ? (BlurHash.usualSide, short(Double(size.height / size.width)))
            : (short(Double(size.width / size.height)), BlurHash.usualSide)
        return try? blurHash.image(width: width, height: height)
    }
}
