import Foundation

/// The body of a response, as the chunks of bytes a transport receives, in order.
///
/// AttachmentKit reads each chunk and writes it to disk before asking for the next, so a
/// transport should hold only a bounded number of chunks (``URLSessionTransport`` fails with
/// ``HTTPTransportError/consumerTooSlow(bufferedBytes:)`` rather than buffer without limit).
/// When AttachmentKit stops early (a size cap, a timeout, a cancelled task) it calls
/// ``cancel()``, after which the transport must stop the transfer.
public struct HTTPResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    private let nextChunk: @Sendable () async throws -> Data?
    private let cancellation: @Sendable () -> Void

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
