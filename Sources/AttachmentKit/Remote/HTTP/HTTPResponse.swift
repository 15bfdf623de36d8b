/// What an ``HTTPTransport`` returns for a request: the response head once it has arrived,
/// and its body as a stream of chunks.
public struct HTTPResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponse.Head
    /// The body, read chunk by chunk.
    public var body: HTTPResponse.Body

    /// Creates a response.
    public init(head: HTTPResponse.Head, body: HTTPResponse.Body) {
        self.head = head
        self.body = body
    }
}
