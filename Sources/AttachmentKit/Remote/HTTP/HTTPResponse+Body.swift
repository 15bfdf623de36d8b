import Foundation

extension HTTPResponse {
    /// The body of a response, as the chunks of bytes a transport receives, in order.
    ///
    /// AttachmentKit reads each chunk and hands it to the store's writer before asking for the
    /// next, and waits while the disk is behind, so a transport should hold only a bounded number
    /// of chunks (``URLSessionTransport`` fails with
    /// ``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)`` rather than buffer without limit).
    /// When AttachmentKit stops early (a size cap, a timeout, a cancelled task) it calls
    /// ``cancel()``, after which the transport must stop the transfer.
    public struct Body: AsyncSequence, Sendable {
        /// A chunk of the body.
        public typealias Element = Data

        /// Something that takes each chunk as it arrives, in order, and may refuse it by throwing.
        typealias Sink = @Sendable (Data) throws -> Void

        private let nextChunk: @Sendable () async throws -> Data?
        private let cancellation: @Sendable () -> Void
        /// A transport's own way to hand every chunk to a sink as it arrives, without a hop to the
        /// reading task per chunk; `nil` for bodies made with the public initialiser.
        private let delivery: (@Sendable (@escaping Sink) async throws -> Void)?
        /// Stops (`false`) and resumes (`true`) the transport's reading from the network; `nil`
        /// when it can't, in which case a delivered body is stopped at ``bufferLimit``.
        private let reading: (@Sendable (_ isReading: Bool) -> Void)?
        /// The most bytes of a delivered body that may wait to be written before the transfer is
        /// stopped with ``URLSessionTransport/Error/consumerTooSlow(bufferedBytes:)``; `nil` for bodies
        /// made with the public initialiser.
        let bufferLimit: Int?

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
            self.reading = nil
            self.bufferLimit = nil
        }

        /// Creates a body that can also push its chunks to a sink from the transport's own
        /// callback (``URLSessionTransport``'s delegate queue), that `reading` stops and resumes
        /// where the transport can, and that may keep `bufferLimit` bytes waiting to be written.
        init(
            nextChunk: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void,
            deliver: @escaping @Sendable (@escaping Sink) async throws -> Void,
            reading: (@Sendable (_ isReading: Bool) -> Void)?, bufferLimit: Int
        ) {
            self.nextChunk = nextChunk
            self.cancellation = cancel
            self.delivery = deliver
            self.reading = reading
            self.bufferLimit = bufferLimit
        }

        /// Hands every chunk, in order, to `sink` and returns at the end of a complete body; while
        /// `flow` says the sink is behind, reads no more where it can.
        ///
        /// A transport that supports it calls `sink` from its own callback as each chunk
        /// arrives (and is told to stop and resume reading, where it can, as `flow` changes); any
        /// other body is read chunk by chunk and each is passed on, waiting while `flow` is full.
        /// Throws what `sink` threw (the transfer is then stopped), the transfer's error, or
        /// `CancellationError`. With ``URLSessionTransport`` nothing reaches `sink` after
        /// ``cancel()`` returns.
        func deliver(flow: BodyReadingFlow, to sink: @escaping Sink) async throws {
            if let delivery {
                flow.forward(to: reading)
                return try await delivery(sink)
            }
            for try await chunk in self {
                try sink(chunk)
                await flow.waitUntilReading()
            }
        }

        /// A body with no bytes.
        public static let empty = HTTPResponse.Body(nextChunk: { nil })

        /// Stops the transfer: no more chunks are wanted.
        public func cancel() { cancellation() }

        /// Makes the iterator over the chunks.
        public func makeAsyncIterator() -> Iterator { Iterator(nextChunk: nextChunk) }

        /// Iterates over the chunks of an ``HTTPResponse/Body``.
        public struct Iterator: AsyncIteratorProtocol {
            fileprivate let nextChunk: @Sendable () async throws -> Data?

            /// The next chunk, or `nil` at the end of the body.
            public mutating func next() async throws -> Data? { try await nextChunk() }
        }
    }
}
