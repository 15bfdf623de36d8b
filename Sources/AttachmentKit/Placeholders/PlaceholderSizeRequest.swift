/// Checks of the size a caller asks a placeholder to be decoded at.
enum PlaceholderSizeRequest {
    /// Whether `width` × `height` is at least 1 × 1 and at most
    /// ``PlaceholderImage/maximumDimension`` on each side.
    static func isValid(width: Int, height: Int) -> Bool {
        let range = 1...PlaceholderImage.maximumDimension
        return range.contains(width) && range.contains(height)
    }
}
