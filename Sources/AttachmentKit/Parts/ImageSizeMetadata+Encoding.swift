import Foundation

extension ImageSizeMetadata {
    /// The JSON of an `application/json+imageSize` part for this size, its `orientation` in
    /// `code`: `{"width":4032,"height":3024,"orientation":3}`.
    ///
    /// - Throws: ``SizePartOrientationError/notExpressible(_:in:)`` when `code` has no value
    ///   for ``orientation`` (a mirrored orientation in an Android code).
    public func json(orientationCode code: ImageSizeMetadata.OrientationCode = .uiImageOrientation)
        throws(SizePartOrientationError) -> Data
    {
        guard let value = code.value(for: orientation) else { throw .notExpressible(orientation, in: code) }
        let size = code.writesDisplayedSize ? displayedSize : pixelSize
        let text =
            "{\"width\":\(Self.number(Double(size.width))),\"height\":\(Self.number(Double(size.height))),"
            + "\"orientation\":\(value)}"
        return Data(text.utf8)
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Why an orientation could not be written in a ``ImageSizeMetadata/OrientationCode``.
public enum SizePartOrientationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code has no value for the orientation (Atlas Android's codes have no mirrored ones).
    case notExpressible(ImageOrientation, in: ImageSizeMetadata.OrientationCode)

    public var description: String {
        switch self {
        case .notExpressible(let orientation, let code):
            "the orientation \(orientation) can't be written in the \(code.rawValue) code"
        }
    }
}
