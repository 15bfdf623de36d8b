/// What an ``HTTPTransport`` returns for a request: the response head once it has arrived,
/// and its body as a stream of chunks.
public struct HTTPResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponseHead
    /// The body, read chunk by chunk.
    public var body: HTTPResponseBody

    /// Creates a response.
    public init(head: HTTPResponseHead, body: HTTPResponseBody) {
        self.head = head
        self.body = body
    }
}
