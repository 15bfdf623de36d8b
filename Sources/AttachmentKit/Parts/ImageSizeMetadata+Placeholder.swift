extension ImageSizeMetadata {
    /// The blurred placeholder of the size part's hash: its ThumbHash at its natural size
    /// (32 pixels on the long side of its approximate ratio) when it has one, which keeps
    /// colour and alpha better; otherwise its BlurHash, 32 pixels on the long side of the
    /// displayed size (BlurHash records no ratio). `nil` with neither.
    public func placeholderImage() -> PlaceholderImage? {
        PlaceholderHashes(thumbHash: thumbHash, blurHash: blurHash).image(displayedSize: displayedSize)
    }
}
