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

/// A gate a fake event source waits at, ignoring cancellation, until the test opens it: an
/// event that arrives late, after its load was replaced.
final class LateGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedState(State())

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }
}
