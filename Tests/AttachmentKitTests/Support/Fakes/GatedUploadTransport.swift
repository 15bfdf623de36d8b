import Foundation

@testable import AttachmentKit

/// An upload transport that answers nothing until the test opens a request's gate: it records the
/// order the requests started in (by their URL's last path component) and answers each opened
/// one `201 Created`. A cancelled request throws `CancellationError`.
final class GatedUploadTransport: HTTPUploadTransport {
    private struct State {
        var started: [String] = []
        var opened: Set<String> = []
        var held: [String: CheckedContinuation<Void, any Error>] = [:]
    }

    private let state = LockedState(State())

    /// The requests in the order they started.
    var started: [String] { state.withLock { $0.started } }

    /// Lets the request for `name` (and a later one for it) answer.
    func open(_ name: String) {
        let held = state.withLock { state in
            state.opened.insert(name)
            return state.held.removeValue(forKey: name)
        }
        held?.resume()
    }

    func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse
    {
        let name = request.url.lastPathComponent
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let proceed = state.withLock { state -> Bool in
                    state.started.append(name)
                    guard !state.opened.contains(name), !Task.isCancelled else { return true }
                    state.held[name] = continuation
                    return false
                }
                if proceed { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: name) }?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
        sentBytes(request.body.byteCount)
        return HTTPResponse(head: HTTPResponse.Head(statusCode: 201, headers: [:], url: request.url), body: .empty)
    }
}
