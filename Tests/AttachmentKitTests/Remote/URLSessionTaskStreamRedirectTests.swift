import Testing

@testable import AttachmentKit

/// What a redirect's arrival means for the cancel of a ``URLSessionTransport`` task.
@Suite(.inTurn)
struct URLSessionTaskStreamRedirectTests {
    /// A stream whose cancel closure counts how often it is called.
    func stream() -> (URLSessionTaskStream, LockedState<Int>) {
        let stream = URLSessionTaskStream(bufferLimit: 1 << 16)
        let cancels = LockedState(0)
        stream.setCancelTask { cancels.withLock { $0 += 1 } }
        return (stream, cancels)
    }

    @Test("an answered redirect is not cancelled on Linux, where its task is already complete")
    func answeredRedirectIsNotCancelled() {
        let (stream, cancels) = stream()
        #expect(stream.shouldAnswerRedirect())
        stream.cancel()
        #if canImport(FoundationNetworking)
        #expect(cancels.withLock { $0 } == 0, "a cancel would only race the completion the answer starts")
        #else
        #expect(cancels.withLock { $0 } == 1, "the 3xx body may still be arriving: the cancel stops it")
        #endif
    }

    @Test("a redirect that arrives once the transfer is being cancelled is left unanswered")
    func redirectAfterCancelIsNotAnswered() {
        let (stream, cancels) = stream()
        stream.cancel()
        #expect(!stream.shouldAnswerRedirect())
        #expect(cancels.withLock { $0 } == 1)
    }
}
