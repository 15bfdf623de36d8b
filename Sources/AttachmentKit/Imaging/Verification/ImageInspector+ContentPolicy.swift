extension ImageInspector {
    /// What ``ImageInspector/verify(_:declaredType:policy:)`` accepts: how it treats a declared
    /// type that does not match the content, and how many pixels an image may have.
    public struct ContentPolicy: Sendable, Equatable {
        /// What to do when the declared media type names another format than the bytes (or none).
        public enum TypeMismatchHandling: Sendable, Hashable {
            /// Accept the image and report the type that matches its bytes in
            /// ``ImageInspector/VerifiedImage/correctedType``. The default: senders label HEIC photos
            /// `application/octet-stream` or `image/jpeg`, and the image is still good.
            case acceptCorrectedType
            /// Refuse it with ``ImageInspector/VerificationError/typeMismatch(declaredType:actualFormat:)``.
            case reject
        }

        /// The default for ``maximumPixelCount``: 100 megapixels.
        @usableFromInline package static let defaultMaximumPixelCount = 100_000_000

        /// The default policy: accept and correct mislabelled images, at most 100 megapixels.
        public static let `default` = ImageInspector.ContentPolicy()

        /// How a declared type that does not match the content is handled.
        public var typeMismatch: TypeMismatchHandling
        /// The most pixels an image may have: width × height, times the frames of an animation
        /// (``ImageHeader/totalPixelCount``). A larger one is refused with
        /// ``ImageInspector/VerificationError/tooManyPixels(_:limit:)`` before anything decodes
        /// it: a few hundred bytes of PNG or GIF can announce a 50,000 × 50,000 image that would
        /// take 10 GB to decode, and a 4000 × 4000 GIF of 200 tiny frames takes 12 GB to decode
        /// whole (a decompression bomb).
        public var maximumPixelCount: Int

        /// Creates a policy.
        public init(
            typeMismatch: TypeMismatchHandling = .acceptCorrectedType,
            maximumPixelCount: Int = ImageInspector.ContentPolicy.defaultMaximumPixelCount
        ) {
            self.typeMismatch = typeMismatch
            self.maximumPixelCount = maximumPixelCount
        }
    }
}
