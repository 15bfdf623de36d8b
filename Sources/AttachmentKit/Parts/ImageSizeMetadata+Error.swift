extension ImageSizeMetadata {
    /// Why an `application/json+imageSize` part could not be read or written.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The content is not valid JSON; the reason is the decoder's.
        case malformedJSON(String)
        /// The JSON is valid but not an object.
        case notAnObject
        /// A required key (`width` or `height`) is absent or `null`.
        case missingKey(String)
        /// A key's value is not a number (a string, a boolean, an array…).
        case notANumber(key: String)
        /// A dimension is infinite or not a number.
        case notFinite(key: String)
        /// A dimension is zero or negative.
        case notPositive(key: String, value: Double)
        /// A dimension is over 65,535 pixels.
        case tooLarge(key: String, value: Double)
        /// `orientation` is not a whole number from 0 to 7.
        case invalidOrientation(Double)
        /// Writing: the orientation code has no value for the orientation (Atlas Android's codes
        /// have no mirrored ones); write the size part in another code.
        case orientationNotExpressible(ImageOrientation, in: ImageSizeMetadata.OrientationCode)

        public var description: String {
            switch self {
            case .malformedJSON(let reason): "the image size is not valid JSON: \(reason)"
            case .notAnObject: "the image size JSON is not an object"
            case .missingKey(let key): "the image size has no \"\(key)\""
            case .notANumber(let key): "the image size's \"\(key)\" is not a number"
            case .notFinite(let key): "the image size's \"\(key)\" is not finite"
            case .notPositive(let key, let value): "the image size's \"\(key)\" is \(value); it must be positive"
            case .tooLarge(let key, let value):
                "the image size's \"\(key)\" is \(value); at most \(Int(ImageSizeMetadata.maximumDimension)) pixels are allowed"
            case .invalidOrientation(let value): "the image size's \"orientation\" is \(value); it must be 0–7"
            case .orientationNotExpressible(let orientation, let code):
                "the orientation \(orientation) can't be written in the \(code.rawValue) code"
            }
        }
    }
}
