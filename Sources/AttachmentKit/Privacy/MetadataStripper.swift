import Foundation

/// Removes personal metadata from a photo or a video before it is sent, without decoding or
/// re-encoding anything: location, XMP, IPTC, MakerNotes and identifying fields, as its
/// ``policy`` says, from JPEG, PNG, WebP, HEIF/HEIC/AVIF, TIFF, GIF and MP4/MOV/M4A/3GP files.
///
/// ```swift
/// let removed = try MetadataStripper().strip(fileAt: pickedURL, to: outboxURL)
/// print("removed: \(removed)")   // "removed: GPS, XMP"
/// ```
///
/// The pixels and media samples, the orientation, the ICC profile, the EXIF thumbnail and the
/// copyright stay byte for byte; a file with nothing to remove is copied byte for byte. The file
/// is read and written in bounded pieces (a 1 GiB video is stripped in a few MiB of memory), the
/// output appears complete or not at all, and bad input gets an ``Error``, never a crash.
/// ``AttachmentComposer`` strips every original it composes. The article
/// <doc:PrivacyWhenSending> says what each format keeps where.
public struct MetadataStripper: Sendable, Equatable {
    /// What is removed: ``MetadataPolicy/removePersonal`` unless set.
    public var policy: MetadataPolicy

    /// Creates a stripper that removes what `policy` names.
    public init(policy: MetadataPolicy = .removePersonal) {
        self.policy = policy
    }

    /// Writes to `output` the file at `input` without the metadata ``policy`` removes, and
    /// returns the kinds it removed (empty when the output is a byte-for-byte copy).
    ///
    /// `output` is replaced if it exists, and may be `input` itself.
    ///
    /// - Throws: ``Error``; then `output` is not written (an existing one is left as it was)
    ///   and `input` is untouched.
    @discardableResult
    public func strip(fileAt input: URL, to output: URL) throws(Error) -> PersonalMetadata {
        let plan = try MetadataPlanning.plan(fileAt: input, removing: policy.removed)
        try SplicedCopy.write(from: input, byteCount: plan.byteCount, edits: plan.edits, to: output)
        return plan.removed
    }
}
