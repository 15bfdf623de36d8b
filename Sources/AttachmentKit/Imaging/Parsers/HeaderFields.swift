/// What a format parser found, before ``ImageInspector`` turns it into an ``ImageHeader``.
struct HeaderFields: Equatable {
    var pixelWidth: Int
    var pixelHeight: Int
    var orientation: ImageOrientation = .up
    var isProgressive = false
    var isAnimated = false
    /// The frames and timing of an animated GIF, APNG or WebP.
    var animation: ImageHeader.Animation?

    /// Checks that both dimensions are positive.
    ///
    /// - Throws: ``ImageInspector/Error/malformed(_:reason:)`` naming the zero or negative one.
    func validated(_ format: ImageFormat) throws(ImageInspector.Error) -> HeaderFields {
        guard pixelWidth > 0 else { throw .malformed(format, reason: "the width is \(pixelWidth)") }
        guard pixelHeight > 0 else { throw .malformed(format, reason: "the height is \(pixelHeight)") }
        return self
    }
}
