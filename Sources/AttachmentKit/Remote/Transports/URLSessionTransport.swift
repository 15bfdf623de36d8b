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
/// the delegate callback. The writer gathers chunks into 256 KiB writes on a thread of its own
/// per download and never makes the callback wait for the disk, so a download on a slow disk
/// holds back no other download of the session (every download shares its delegate queue; on
/// Linux, where the delegate queue runs callbacks at once on FoundationNetworking's work queue,
/// every download of the process). When a download's writes fall behind, its task is suspended
/// until they catch up (on Apple platforms; see <doc:RemoteAttachments>). Chunks that wait, to
/// be written or because writing has not started or a body read chunk by chunk has not taken
/// them yet, are bounded: when more than ``bufferLimit`` bytes wait, the transfer is stopped with
/// ``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)`` (a failure that resumes where it
/// stopped) instead of growing in memory.
public final class URLSessionTransport: HTTPTransport {
    /// The transport ``RemotePart/Downloader/shared`` uses.
    public static let shared = URLSessionTransport()

    /// The most bytes of body that may wait to be written before a transfer is stopped.
    public let bufferLimit: Int

    /// The default ``bufferLimit`` for this process: 16 MiB in an app (8 MiB on a device with
    /// less than 2 GiB of memory), 4 MiB in an app extension or on Apple Watch, whose memory
    /// limits are far lower.
    @usableFromInline package static var recommendedBufferLimit: Int { MemoryBudget.current.transferBufferLimit }
    let session: URLSession
    let router: URLSessionTaskRouter

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - maximumConnectionsPerHost: URLSession's connection limit per host; keep
    ///     ``RemotePart/Configuration/maximumConcurrentTransfersPerHost`` at or below it (on
    ///     Linux, requests queued inside libcurl beyond it crash Swift 6.2–6.3 on HTTP/2).
    ///   - bufferLimit: The most bytes of body that may wait to be written; by default
    ///     16 MiB in an app (8 MiB below 2 GiB of memory), 4 MiB in an extension or on a watch.
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
        let control = URLSessionTaskControl(task)
        router.register(stream, control: control, for: task.taskIdentifier)
        stream.setCancelTask { control.cancel() }
        control.resume()
        let head: HTTPResponse.Head
        do {
            head = try await stream.head()
        } catch {
            stream.cancel()
            throw error
        }
        let body = HTTPResponse.Body(
            nextChunk: { try await stream.nextChunk() }, cancel: { stream.cancel() },
            deliver: { try await stream.deliver(to: $0) }, reading: Self.readingControl(of: control),
            bufferLimit: bufferLimit)
        return HTTPResponse(head: head, body: body)
    }

    /// What stops and resumes a task's reading while its body waits for the disk: the task's
    /// `suspend()` and `resume()`, in turn with its other calls (``URLSessionTaskControl``).
    ///
    /// `nil` on Linux: there FoundationNetworking suspends a task by taking it out of libcurl's
    /// transfers, and resuming puts it back as a new request, whose body would follow the bytes
    /// already received. A body that falls behind there is stopped at ``bufferLimit`` and
    /// resumed with `Range`.
    static func readingControl(of control: URLSessionTaskControl) -> (@Sendable (_ isReading: Bool) -> Void)? {
        #if canImport(FoundationNetworking)
        return nil
        #else
        return { control.setReading($0) }
        #endif
    }
}
