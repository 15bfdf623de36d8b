import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: one long-lived `URLSession` with data tasks only.
///
/// Built for URLSession's behaviour on Linux as much as on Apple platforms: one session for
/// the transport's lifetime (creating sessions per request crashes there), a single
/// session-level delegate that routes callbacks by task identifier, data tasks only (download
/// tasks have no resume data on Linux and may write twice), redirects returned rather than
/// followed, no cache, no cookies and no automatic authentication.
///
/// Once AttachmentKit starts writing a body, each chunk is handed to the store's writer inside
/// the delegate callback (the writer gathers chunks into 256 KiB writes on a thread of its own,
/// and waits when two are behind). On Linux, where URLSession has no back-pressure, the delegate
/// queue runs callbacks at once on FoundationNetworking's work queue, so libcurl reads the next
/// chunk only after the last is handed over (see <doc:RemoteAttachments>). Chunks that arrive before writing starts,
/// or that a body read chunk by chunk has not taken yet, wait in a buffer: when more than
/// ``bufferLimit`` bytes wait, the transfer is stopped with
/// ``HTTPTransportError/consumerTooSlow(bufferedBytes:)`` (a retryable failure that resumes
/// where it stopped) instead of growing in memory.
public final class URLSessionTransport: HTTPTransport {
    /// The transport ``RemoteDownloader/shared`` uses.
    public static let shared = URLSessionTransport()

    /// The most bytes of body that may wait to be written before a transfer is stopped.
    public let bufferLimit: Int

    /// The default ``bufferLimit`` for this process: 16 MiB in an app (8 MiB on a device with
    /// less than 2 GiB of memory), 4 MiB in an app extension or on Apple Watch, whose memory
    /// limits are far lower.
    public static var recommendedBufferLimit: Int { MemoryBudget.current.transferBufferLimit }
    let session: URLSession
    let router: URLSessionTaskRouter

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - maximumConnectionsPerHost: URLSession's connection limit per host; keep
    ///     ``RemotePartConfiguration/maximumConcurrentTransfersPerHost`` at or below it (on
    ///     Linux, requests queued inside libcurl beyond it crash Swift 6.2–6.3 on HTTP/2).
    ///   - bufferLimit: The most bytes of body that may wait to be written; by default
    ///     ``recommendedBufferLimit``.
    public init(
        maximumConnectionsPerHost: Int = 6, bufferLimit: Int = URLSessionTransport.recommendedBufferLimit
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        // AttachmentKit enforces its own idle timeout and deadline (on Linux sub-second values
        // fire at once and the resource timeout is ignored); these only back them up.
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 7 * 24 * 60 * 60
        let queue = URLSessionDelegateQueue.make()
        let router = URLSessionTaskRouter()
        self.router = router
        self.bufferLimit = max(1 << 16, bufferLimit)
        self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    /// Sends `request` as a data task and returns when its response head arrives.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        return try await start(session.dataTask(with: urlRequest))
    }

    /// Runs `task`, routing its callbacks to a stream, and returns when its response head arrives.
    func start(_ task: URLSessionTask) async throws -> HTTPResponse {
        let stream = URLSessionTaskStream(bufferLimit: bufferLimit)
        router.register(stream, for: task.taskIdentifier)
        // Never on the calling thread: that may be FoundationNetworking's own work queue
        // (see URLSessionDelegateQueue), which `cancel()` waits for on Swift 6.3.
        // A task that has completed is never cancelled: FoundationNetworking stops the process
        // when a cancel reaches a task no longer in its registry (seen when a server closed the
        // connection while this hop was on its way).
        stream.setCancelTask {
            DispatchQueue.global().async {
                if task.state == .running || task.state == .suspended { task.cancel() }
            }
        }
        task.resume()
        let head: HTTPResponseHead
        do {
            head = try await stream.head()
        } catch {
            stream.cancel()
            throw error
        }
        let body = HTTPResponseBody(
            nextChunk: { try await stream.nextChunk() }, cancel: { stream.cancel() },
            deliver: { try await stream.deliver(to: $0) })
        return HTTPResponse(head: head, body: body)
    }
}
