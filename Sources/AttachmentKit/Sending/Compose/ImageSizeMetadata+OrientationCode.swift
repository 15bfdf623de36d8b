import Foundation

extension ImageSizeMetadata {
    /// Parses an `application/json+imageSize` part whose `orientation` is written in `code`
    /// (see ``SizePartOrientationCode``), as another client wrote it.
    ///
    /// Width and height are validated as ``init(json:)`` does; for a code that writes the
    /// displayed size, they are turned back into the stored size.
    ///
    /// - Throws: ``ImageSizeMetadataError``, as ``init(json:)`` does;
    ///   ``ImageSizeMetadataError/invalidOrientation(_:)`` for a value the code does not define.
    public init(json: Data, orientationCode code: SizePartOrientationCode) throws(ImageSizeMetadataError) {
        guard code != .uiImageOrientation else {
            try self.init(json: json)
            return
        }
        // The size is read by the default reader, without the orientation it would misread.
        guard var object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            try self.init(json: json)
            return
        }
        let rawOrientation = object.removeValue(forKey: "orientation")
        let stripped = (try? JSONSerialization.data(withJSONObject: object)) ?? json
        let size = try ImageSizeMetadata(json: stripped)
        var orientation = ImageOrientation.up
        if let rawOrientation, !(rawOrientation is NSNull) {
            guard let number = rawOrientation as? NSNumber, !(rawOrientation is Bool) else {
                throw .notANumber(key: "orientation")
            }
            let value = number.doubleValue
            guard value.rounded() == value, let exact = Int(exactly: value), let found = code.orientation(for: exact)
            else { throw .invalidOrientation(value) }
            orientation = found
        }
        let turned = code.writesDisplayedSize && orientation.swapsWidthAndHeight
        try self.init(
            pixelWidth: turned ? size.pixelHeight : size.pixelWidth,
            pixelHeight: turned ? size.pixelWidth : size.pixelHeight, orientation: orientation)
    }

    /// The JSON of an `application/json+imageSize` part for this size, its `orientation` in
    /// `code`: `{"width":4032,"height":3024,"orientation":3}`.
    ///
    /// - Throws: ``SizePartOrientationError/notExpressible(_:in:)`` when `code` has no value
    ///   for ``orientation`` (a mirrored orientation in an Android code).
    public func json(orientationCode code: SizePartOrientationCode = .uiImageOrientation)
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

/// Why an orientation could not be written in a ``SizePartOrientationCode``.
public enum SizePartOrientationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The code has no value for the orientation (Atlas Android's codes have no mirrored ones).
    case notExpressible(ImageOrientation, in: SizePartOrientationCode)

    public var description: String {
        switch self {
        case .notExpressible(let orientation, let code):
            "the orientation \(orientation) can't be written in the \(code.rawValue) code"
        }
    }
}
