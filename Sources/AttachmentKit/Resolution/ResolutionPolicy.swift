/// Which parts of a message serve as an image's preview, full resolution and size: data, not
/// code, so an app can give its own.
///
/// A policy is an ordered list of ``Chain``s. The resolver takes the first chain whose
/// full-resolution list matches a part of the message (or, when none does, the first whose
/// preview list does), then walks that chain's lists in order: the first type with a
/// matching part wins, and among parts of the same type the first in the message wins.
///
/// ``atlas`` (the ``default``) reproduces Layer's Atlas.
public struct ResolutionPolicy: Sendable, Hashable {
    /// The fallback order for one kind of image message.
    public struct Chain: Sendable, Hashable {
        /// Types to try for the preview, best first. May include full-resolution types, so
        /// that a message without a preview shows its original.
        public var preview: [MIMEType]
        /// Types to try for the full-resolution image, best first.
        public var fullResolution: [MIMEType]

        /// Creates a chain.
        public init(preview: [MIMEType], fullResolution: [MIMEType]) {
            self.preview = preview
            self.fullResolution = fullResolution
        }

        /// A chain for one full-resolution type whose preview is its `+preview` variant:
        /// preview `[type+preview, type]`, full resolution `[type]`.
        public static func single(_ type: MIMEType) -> Chain {
            Chain(preview: [type.previewVariant, type], fullResolution: [type])
        }
    }

    /// The chains, tried in order.
    public var chains: [Chain]
    /// Types of a part that carries an ``ImageSizeMetadata`` JSON object, best first.
    public var sizeMetadataTypes: [MIMEType]
    /// The code the senders write the size part's `orientation` in (see
    /// ``SizePartOrientationCode``, which lists the codes and what each reads):
    /// ``SizePartOrientationCode/uiImageOrientation`` by default, as Atlas iOS and
    /// ``AttachmentComposer`` write it. An app whose peers are other clients names theirs, for
    /// example ``SizePartOrientationCode/atlasAndroid``.
    public var sizePartOrientationCode: SizePartOrientationCode

    /// Creates a policy.
    public init(
        chains: [Chain], sizeMetadataTypes: [MIMEType] = [.imageSize],
        sizePartOrientationCode: SizePartOrientationCode = .uiImageOrientation
    ) {
        self.chains = chains
        self.sizeMetadataTypes = sizeMetadataTypes
        self.sizePartOrientationCode = sizePartOrientationCode
    }

    /// Atlas's rules: preview `image/jpeg+preview` → `image/jpeg` → `image/png` with full
    /// resolution `image/jpeg` → `image/png`; GIF messages `image/gif+preview` → `image/gif`;
    /// HEIC messages `image/heic+preview` → `image/jpeg+preview` → `image/heic`; size from
    /// `application/json+imageSize`.
    public static let atlas = ResolutionPolicy(chains: [
        Chain(preview: [.imageJPEGPreview, .imageJPEG, .imagePNG], fullResolution: [.imageJPEG, .imagePNG]),
        .single(.imageGIF),
        Chain(preview: [.imageHEIC.previewVariant, .imageJPEGPreview, .imageHEIC], fullResolution: [.imageHEIC]),
    ])

    /// The policy the resolver uses when given none: ``atlas``.
    public static let `default` = atlas

    /// Every type this policy treats as an image, preview or full resolution.
    public var imageTypes: Set<MIMEType> {
        Set(chains.flatMap { $0.preview + $0.fullResolution })
    }
}
