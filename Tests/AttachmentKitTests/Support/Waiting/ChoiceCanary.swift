import Foundation
import Testing

@testable import AttachmentKit

/// The two choices that, when wrong, leave tests waiting for a download the resolver never asks
/// for (Atlas's preview part, and the smallest rendition that covers a size), checked once: the
/// waits of ``DownloadScript/attempt(_:sourceLocation:)`` and ``waitOnMainActor(_:sourceLocation:until:)``
/// give up at once, with an issue that names the broken choice, instead of waiting for the time
/// limit. ``AtlasChoiceTests`` pins the same choices in detail.
enum ChoiceCanary {
    /// What is wrong with the choices, or `nil` when both are right.
    static let failure: String? = {
        let parts: [any MessagePart] = [
            PartFactory.remote("original", .imageJPEG), PartFactory.remote("preview", .imageJPEGPreview),
        ]
        if AttachmentResolver().resolve(parts).preview?.id != "preview" {
            return "Atlas's preview is not the image/jpeg+preview part"
        }
        let sizes = [
            PixelSize(width: 512, height: 384), PixelSize(width: 1024, height: 768),
            PixelSize(width: 4032, height: 3024),
        ]
        let representations = sizes.map { size in
            ImageRepresentation(pixelSize: size, part: PartFactory.remote(PartID("\(Int(size.width))"), .imageJPEG))
        }
        let chosen = ResolutionPolicy.default.representation(
            for: PixelSize(width: 900, height: 675), among: representations)
        if chosen?.pixelSize.width != 1024 {
            return "the rendition chosen for a size is not the smallest that covers it"
        }
        return nil
    }()

    /// Records an issue and returns `true` when a choice is broken: the caller stops waiting.
    static func givesUp(waitingFor what: String, sourceLocation: SourceLocation) -> Bool {
        guard let failure else { return false }
        Issue.record("Not waiting for \(what): \(failure)", sourceLocation: sourceLocation)
        return true
    }
}
