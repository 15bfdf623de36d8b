import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's own upload from a file (`uploadTask(with:fromFile:)`), with no AttachmentKit: the
/// ceiling of the client AttachmentKit's Apple upload path runs on, next to curl in the same run.
enum SendingBareUpload {
    /// One `PUT` of `file` to `url` through a new session; the seconds until it completed.
    static func put(_ file: URL, to url: URL) async throws -> Double {
        let delegate = CompletionDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        let stopwatch = Stopwatch()
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            delegate.completion.withLock { $0 = continuation }
            session.uploadTask(with: request, fromFile: file).resume()
        }
        guard (200..<300).contains(status) else { throw FigureSkipped(reason: "the bare upload got \(status)") }
        return stopwatch.seconds
    }
}

/// Resumes its continuation with the response's status at the end.
final class CompletionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let completion = BenchLocked<CheckedContinuation<Int, any Error>?>(nil)

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let continuation = completion.withLock { state in
            defer { state = nil }
            return state
        }
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: (task.response as? HTTPURLResponse)?.statusCode ?? 0)
        }
    }
}
