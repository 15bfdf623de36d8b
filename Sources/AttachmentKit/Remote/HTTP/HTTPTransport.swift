/// Sends HTTP requests for ``RemotePart`` downloads: a request in, a response head and a body
/// stream out.
///
/// The default is ``URLSessionTransport``; an app with its own HTTP client conforms that to
/// this protocol. A transport does only the exchange: AttachmentKit itself follows redirects,
/// adds the resume headers, enforces timeouts and size caps, and validates the response, so a
/// conformer must **not** follow redirects (return the 3xx response as it is) and must not
/// decode a `Content-Encoding` it was not asked for.
///
/// When the calling task is cancelled, ``send(_:)`` and reads of the body throw
/// `CancellationError`, and the transport stops the transfer.
public protocol HTTPTransport: Sendable {
    /// Sends `request` (a `GET`) and returns once the response head has arrived.
    ///
    /// - Throws: An error when no response arrived: the transport's own (such as `URLError`),
    ///   or `CancellationError` when the calling task was cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
