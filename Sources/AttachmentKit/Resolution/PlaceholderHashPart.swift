import Foundation

/// Reads a message's placeholder part of its own (``MIMEType/thumbHash`` or
/// ``MIMEType/blurHash``): the first local one, a ThumbHash part before a BlurHash part.
enum PlaceholderHashPart {
    /// What the message's hash part gave: its hashes, or why it could not be used.
    struct Read: Sendable {
        var hashes: PlaceholderHashes?
        var failure: AttachmentResolver.Failure?
    }

    /// Longer than any hash's text, with room for white space around it.
    static let longestText = 1024

    /// The first local hash part of `parts`, read; `nil` when the message has none that is local.
    static func read(_ parts: [any MessagePart]) -> Read? {
        for type in [MIMEType.thumbHash, .blurHash] {
            guard let part = parts.first(where: { $0.mimeType.matches(type) }), let content = part.availableContent
            else { continue }
            do {
                // A file is mapped, not read; past the longest hash the check fails anyway.
                let text = String(decoding: try content.bytes().prefix(Self.longestText + 1), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let hashes =
                    type == .thumbHash
                    ? PlaceholderHashes(thumbHash: try ThumbHash(base64: text))
                    : PlaceholderHashes(blurHash: try BlurHash(text))
                return Read(hashes: hashes)
            } catch {
                return Read(failure: AttachmentResolver.Failure(partID: part.id, role: .sizeMetadata, reason: error))
            }
        }
        return nil
    }
}

extension PlaceholderSize {
    /// The placeholder with the picture of `hashes` when it has none of its own (the size part's
    /// hash wins).
    func filling(from hashes: PlaceholderHashes?) -> PlaceholderSize {
        guard image == nil, let hashes else { return self }
        var size = self
        size.image = hashes.image(displayedSize: displayedSize)
        return size
    }
}
