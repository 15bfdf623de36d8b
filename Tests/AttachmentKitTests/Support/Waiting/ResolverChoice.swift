import Testing

@testable import AttachmentKit

/// The resolver's choice for a message, required before a test waits on the download that
/// choice implies.
///
/// A test that waits for a scripted part's download (``DownloadScript/attempt(_:sourceLocation:)``)
/// or for what it shows has no way to know that the resolver chose another part: the wait would
/// run into the test's time limit. The choice is known before anything is fetched, through the
/// public API (``AttachmentResolver/resolve(_:)`` and
/// ``AttachmentResolver/Policy/rendition(for:among:)``), so a resolver that chose another part
/// fails the test here, at once, with what it chose.
enum ResolverChoice {
    /// Requires that `parts` resolve, under `policy`, to the `preview` and `original` parts
    /// named (a role given as `nil` is not checked), and that the rendition chosen for
    /// `displayedPixels` is `rendition`.
    static func require(
        _ parts: [any MessagePart], preview: PartID? = nil, original: PartID? = nil,
        rendition: PartID? = nil, for displayedPixels: PixelSize? = nil, policy: AttachmentResolver.Policy = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let resolution = AttachmentResolver(policy: policy).resolve(parts)
        if let preview {
            try #require(
                resolution.preview?.id == preview, "the resolver chose \(describe(resolution.preview)) as the preview",
                sourceLocation: sourceLocation)
        }
        if let original {
            try #require(
                resolution.original?.id == original,
                "the resolver chose \(describe(resolution.original)) as the full resolution",
                sourceLocation: sourceLocation)
        }
        if let rendition {
            try requireRendition(
                rendition, for: displayedPixels ?? .zero, among: resolution.renditions, policy: policy,
                sourceLocation: sourceLocation)
        }
    }

    /// Requires that the rendition `policy` chooses among `renditions` for
    /// `displayedPixels` is the part `rendition`: the choice a ``Rendition/Upgrader`` or a
    /// size change makes.
    static func requireRendition(
        _ rendition: PartID, for displayedPixels: PixelSize, among renditions: [Rendition],
        policy: AttachmentResolver.Policy = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let chosen = policy.rendition(for: displayedPixels, among: renditions)
        try #require(
            chosen?.part.id == rendition,
            "for \(displayedPixels.width) × \(displayedPixels.height) px the policy chose \(describe(chosen?.part))",
            sourceLocation: sourceLocation)
    }

    private static func describe(_ part: (any MessagePart)?) -> String {
        part.map { "\($0.id) (\($0.mimeType))" } ?? "nothing"
    }
}
