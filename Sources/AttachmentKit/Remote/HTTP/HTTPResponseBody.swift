import Foundation

/// The body of a response, as the chunks of bytes a transport receives, in order.
///
/// AttachmentKit reads each chunk and hands it to the store's writer (which waits when the
/// disk is behind) before asking for the next, so a transport should hold only a bounded number
/// of chunks (``URLSessionTransport`` fails with
/// ``HTTPTransportError/consumerTooSlow(bufferedBytes:)`` rather than buffer without limit).
/// When AttachmentKit stops early (a size cap, a timeout, a cancelled task) it calls
/// ``cancel()``, after which the transport must stop the transfer.
public struct HTTPResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    /// Something that takes each chunk as it arrives, in order, and may refuse it by throwing.
    typealias Sink = @Sendable (Data) throws -> Void

    private let nextChunk: @Sendable () async throws -> Data?
    private let cancellation: @Sendable () -> Void
    /// A transport's own way to hand every chunk to a sink as it arrives, without a hop to the
    /// reading task per chunk; `nil` for bodies made with the public initialiser.
    private let delivery: (@Sendable (@escaping Sink) async throws -> Void)?

    /// Creates a body.
    ///
    /// - Parameters:
    ///   - nextChunk: Returns the next chunk, or `nil` at the end of a complete body; throws
    ///     when the transfer failed (a connection lost mid-body) or the calling task was
    ///     cancelled (`CancellationError`).
    ///   - cancel: Stops the transfer; called at most once it is no longer read.
    public init(
        nextChunk: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void = {}
    ) {
        self.nextChunk = nextChunk
        self.cancellation = cancel
        self.delivery = nil
    }

    /// Creates a body that can also push its chunks to a sink from the transport's own
    /// callback (``URLSessionTransport``'s delegate queue).
    init(
        nextChunk: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void,
        deliver: @escaping @Sendable (@escaping Sink) async throws -> Void
    ) {
        self.nextChunk = nextChunk
        self.cancellation = cancel
        self.delivery = deliver
    }

    /// Hands every chunk, in order, to `sink` and returns at the end of a complete body.
    ///
    /// A transport that supports it calls `sink` from its own callback as each chunk
    /// arrives; any other body is read chunk by chunk and each is passed on. Throws what
    /// `sink` threw (the transfer is then stopped), the transfer's error, or
    /// `CancellationError`. With ``URLSessionTransport`` nothing reaches `sink` after
    /// ``cancel()`` returns.
    func deliver(to sink: @escaping Sink) async throws {
        if let delivery { return try await delivery(sink) }
        for try await chunk in self { try sink(chunk) }
    }

    /// A body with no bytes.
    public static let empty = HTTPResponseBody(nextChunk: { nil })

    /// Stops the transfer: no more chunks are wanted.
    public func cancel() { cancellation() }

    /// Makes the iterator over the chunks.
    public func makeAsyncIterator() -> Iterator { Iterator(nextChunk: nextChunk) }

    /// Iterates over the chunks of an ``HTTPResponseBody``.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let nextChunk: @Sendable () async throws -> Data?

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws -> Data? { try await nextChunk() }
    }
}
