import Foundation

extension ImageSizeMetadata {
    /// The JSON of an `application/json+imageSize` part for this size, its `orientation` in
    /// `code`: `{"width":4032,"height":3024,"orientation":3}`, with `"animated":true` added
    /// for an animated original.
    ///
    /// - Throws: ``ImageSizeMetadata/Error/orientationNotExpressible(_:in:)`` when `code` has no value
    ///   for ``orientation`` (a mirrored orientation in an Android code).
    public func json(orientationCode code: ImageSizeMetadata.OrientationCode = .uiImageOrientation)
        throws(ImageSizeMetadata.Error) -> Data
    {
        guard let value = code.value(for: orientation) else { throw .orientationNotExpressible(orientation, in: code) }
        let turned = code.writesDisplayedSize && orientation.swapsWidthAndHeight
        let (width, height) = turned ? (pixelHeight, pixelWidth) : (pixelWidth, pixelHeight)
        let text =
            "{\"width\":\(Self.number(width)),\"height\":\(Self.number(height)),"
            + "\"orientation\":\(value)\(isAnimated ? ",\"animated\":true" : "")}"
        return Data(text.utf8)
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
