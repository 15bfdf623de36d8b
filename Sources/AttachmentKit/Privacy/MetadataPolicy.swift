/// Which personal metadata ``MetadataStripper`` and ``AttachmentComposer`` remove from a file
/// before it is sent.
///
/// ```swift
/// var composer = AttachmentComposer()
/// composer.metadataPolicy = settings.sendsLocation ? .removePersonal.keeping(.location) : .removePersonal
/// ```
///
/// - ``removePersonal`` (the default) removes every kind of ``PersonalMetadata``.
/// - ``removeLocation`` removes only where the photo or video was taken (``PersonalMetadata/location``):
///   GPS properties inside an XMP packet are blanked and the rest of the packet kept.
/// - ``keepAll`` sends the file byte for byte as it is.
///
/// Whatever the policy, nothing is decoded or re-encoded: the pixels, the media samples, the
/// orientation and the colour profile are kept byte for byte.
public struct MetadataPolicy: Sendable, Equatable {
    /// The kinds of metadata removed.
    public var removed: PersonalMetadata

    /// A policy that removes the kinds in `removed` and keeps the others.
    public init(removing removed: PersonalMetadata) {
        self.removed = removed
    }

    /// Removes every kind of personal metadata: the default.
    public static let removePersonal = MetadataPolicy(removing: .all)
    /// Removes where the photo or video was taken, and nothing else.
    public static let removeLocation = MetadataPolicy(removing: .location)
    /// Removes nothing.
    public static let keepAll = MetadataPolicy(removing: [])

    /// This policy, with `kept` no longer removed.
    public func keeping(_ kept: PersonalMetadata) -> MetadataPolicy {
        MetadataPolicy(removing: removed.subtracting(kept))
    }
}
