extension AttachmentResolver {
    /// The events of one image message, from
    /// ``AttachmentResolver/events(for:displayedPixelSize:fetchingOriginal:priority:)``: an `AsyncSequence` whose
    /// work lives exactly as long as its iteration.
    ///
    /// Nothing starts when the sequence is made. Iterating it (a `for await` loop calls
    /// `makeAsyncIterator()`) resolves the parts, checks local content and starts this consumer's
    /// downloads. They stop — this consumer's callers are cancelled, and a transfer stops unless
    /// another caller shares it — as soon as any of these happens:
    ///
    /// - the iterator is released: the loop ends by `break`, `return` or a thrown error, wherever
    ///   the loop is (in a function or in top-level code), and however long the sequence itself is
    ///   kept;
    /// - the task that iterates is cancelled;
    /// - the sequence ends, because nothing more will come.
    ///
    /// Each iteration is a run of its own: iterating the same value twice asks again (a download
    /// still running is joined, not repeated).
    public struct Events: AsyncSequence, Sendable {
        /// What the sequence sends.
        public typealias Element = AttachmentResolver.Event

        private let start: @Sendable () -> (AsyncStream<AttachmentResolver.Event>, Task<Void, Never>)

        init(start: @escaping @Sendable () -> (AsyncStream<AttachmentResolver.Event>, Task<Void, Never>)) {
            self.start = start
        }

        /// Starts a run of the events: called by `for await`.
        public func makeAsyncIterator() -> Iterator {
            let (stream, task) = start()
            return Iterator(run: Run(events: stream.makeAsyncIterator(), task: task))
        }

        /// One iteration of the events; releasing it stops this consumer's downloads.
        public struct Iterator: AsyncIteratorProtocol {
            private let run: Run

            fileprivate init(run: Run) { self.run = run }

            /// The next event, or `nil` at the end or once the iterating task is cancelled.
            public mutating func next() async -> AttachmentResolver.Event? {
                await run.next()
            }
        }

        /// A run's stream and the task producing it, which the run cancels when it is released.
        fileprivate final class Run {
            private var events: AsyncStream<AttachmentResolver.Event>.Iterator
            private let task: Task<Void, Never>

            init(events: AsyncStream<AttachmentResolver.Event>.Iterator, task: Task<Void, Never>) {
                self.events = events
                self.task = task
            }

            deinit { task.cancel() }

            func next() async -> AttachmentResolver.Event? {
                await events.next()
            }
        }
    }
}
