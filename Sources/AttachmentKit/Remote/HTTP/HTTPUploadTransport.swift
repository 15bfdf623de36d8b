/// Sends the requests of an upload, streaming a body from a file: the sibling of
/// ``HTTPTransport`` for the sending half.
///
/// ``URLSessionTransport`` conforms with upload tasks from a file (never `httpBody` with the
/// content); an app with its own HTTP client conforms that. As for downloads, a conformer must
/// not follow redirects. When the calling task is cancelled, ``upload(_:sentBytes:)`` throws
/// `CancellationError` and the transfer stops.
public protocol HTTPUploadTransport: Sendable {
    /// Sends `request`, reporting the body bytes sent so far to `sentBytes` (from any thread,
    /// increasing), and returns once the response head has arrived.
    ///
    /// - Throws: An error when no response arrived: the transport's own (such as `URLError`
    ///   for a connection lost mid-body), or `CancellationError`.
    func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse
}
