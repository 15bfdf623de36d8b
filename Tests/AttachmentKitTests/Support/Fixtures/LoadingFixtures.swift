import Foundation
import Testing

@testable import AttachmentKit

/// Parts, content and waits for the loader and prefetcher tests.
enum LoadingFixtures {
    /// A valid JPEG header of `width` × `height`: content that passes the resolver's check.
    static func jpeg(width: Int = 640, height: Int = 480) -> PartContent {
        .data(SyntheticImages.jpeg(width: width, height: height))
    }

    /// A local preview part.
    static func localPreview(_ id: PartID = "preview") -> LocalPart {
        LocalPart(id: id, mimeType: .imageJPEGPreview, content: jpeg(width: 64, height: 48), transferStatus: .complete)
    }

    /// A local original.
    static func localOriginal(_ id: PartID) -> LocalPart {
        LocalPart(id: id, mimeType: .imageJPEG, content: jpeg(), transferStatus: .complete)
    }
}

/// Waits on the main actor, yielding, until `condition` holds; records an issue and returns
/// when the test is cancelled first (its time limit).
@MainActor
func waitOnMainActor(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool
) async {
    while !condition() {
        if Task.isCancelled {
            Issue.record("gave up waiting for \(description)", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
    }
}
