import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one session-level delegate of a ``URLSessionTransport``: it routes every callback to
/// the task's ``URLSessionTaskStream`` by task identifier, and answers that URLSession acts on
/// with calls on the task to the task's ``URLSessionTaskControl``.
///
/// On Linux, URLSession sends data and completion callbacks of plain data tasks to the
/// session's delegate only (a per-task delegate is not called), so routing happens here. The
/// callbacks do as little as possible (the delegate queue has no back-pressure): an append
/// under a lock.
final class URLSessionTaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let routes = LockedState<[Int: Route]>([:])
    private let sentBytesHandlers = LockedState<[Int: @Sendable (Int64) -> Void]>([:])
    private let bodyStreamMakers = LockedState<[Int: @Sendable () -> InputStream?]>([:])

    /// Where the callbacks of one task go.
    private struct Route {
        let stream: URLSessionTaskStream
        let control: URLSessionTaskControl
    }

    /// Routes the callbacks of the task with `identifier` to `stream`, and the answers that act
    /// on the task to `control`, until it completes.
    func register(_ stream: URLSessionTaskStream, control: URLSessionTaskControl, for identifier: Int) {
        routes.withLock { $0[identifier] = Route(stream: stream, control: control) }
    }

    /// Reports the body bytes the task with `identifier` has sent to `handler` until it completes.
    func observeSentBytes(of identifier: Int, _ handler: @escaping @Sendable (Int64) -> Void) {
        sentBytesHandlers.withLock { $0[identifier] = handler }
    }

    /// Answers a request for a new body stream of the task with `identifier` (to send its body
    /// again from the start, as libcurl does when a reused connection turned out dead) with
    /// `make()` until it completes.
    func provideBodyStreams(of identifier: Int, _ make: @escaping @Sendable () -> InputStream?) {
        bodyStreamMakers.withLock { $0[identifier] = make }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(bodyStreamMakers.withLock { $0[task.taskIdentifier] }?())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        sentBytesHandlers.withLock { $0[task.taskIdentifier] }?(totalBytesSent)
    }

    private func stream(for task: URLSessionTask) -> URLSessionTaskStream? {
        routes.withLock { $0[task.taskIdentifier]?.stream }
    }

    private func control(for task: URLSessionTask) -> URLSessionTaskControl? {
        routes.withLock { $0[task.taskIdentifier]?.control }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // AttachmentKit follows redirects itself (its own limit, no Authorization across
        // origins): the 3xx is the response.
        //
        // Unless the transfer is being cancelled: then no answer. On Linux the answer makes
        // FoundationNetworking queue its redirect step, and a cancel already queued before it
        // completes the task first; the redirect step then finds the task not waiting for one
        // and stops the process. Unanswered, the redirect waits and the cancel ends the task.
        // Once answered, the task is not cancelled any more on Linux: it is already complete
        // there, and the answer ends it (see `shouldAnswerRedirect()`).
        if stream(for: task)?.shouldAnswerRedirect() == false { return }
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, let url = http.url ?? dataTask.originalRequest?.url {
            stream(for: dataTask)?.receive(head: HTTPResponse.Head(http, url: url))
            completionHandler(.allow)
        } else {
            stream(for: dataTask)?.complete(with: URLSessionTransport.Error.notHTTP)
            completionHandler(.cancel)
            control(for: dataTask)?.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        stream(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Server trust is evaluated as usual; HTTP authentication is the app's (its header
        // hook), so a 401 comes back as a response (its head has already been delivered)
        // rather than waiting for a credential.
        let httpMethods = [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ]
        let disposition: URLSession.AuthChallengeDisposition =
            httpMethods.contains(challenge.protectionSpace.authenticationMethod)
            ? .rejectProtectionSpace : .performDefaultHandling
        // Not from this callback: on Linux FoundationNetworking answers a refusal with
        // `task.cancel()`, which (Swift 6.3) waits for the work queue this callback runs on, and
        // every session in the process shares that queue: answering here hung them all. And in
        // turn with the transport's own calls on the task (see URLSessionTaskControl).
        let answer: @Sendable () -> Void = { completionHandler(disposition, nil) }
        if let control = control(for: task) {
            control.perform(answer)
        } else {
            DispatchQueue.global().async(execute: answer)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let stream = routes.withLock { $0.removeValue(forKey: task.taskIdentifier) }?.stream
        sentBytesHandlers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
        bodyStreamMakers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
        stream?.complete(with: error)
    }
}
