import Foundation
import Testing

@testable import AttachmentKit

/// URLSessionTransport's delegate queue on Linux runs each callback at once, on the thread
/// that adds it (FoundationNetworking's work queue): the callback's wait for room in the
/// write-ahead queue is then what stops libcurl reading. A queue that deferred the callback
/// would let chunks pile up in memory again.
@Suite(.inTurn)
struct RemoteDelegateQueueTests {
    #if canImport(FoundationNetworking)
    @Test("on Linux the delegate queue runs a block before addOperation returns, on the adding thread")
    func runsAtOnce() {
        let queue = URLSessionDelegateQueue.make()
        let adder = pthread_self()
        let ran = LockedState<(ran: Bool, sameThread: Bool)>((false, false))
        queue.addOperation { ran.withLock { $0 = (true, pthread_equal(pthread_self(), adder) != 0) } }
        #expect(ran.withLock { $0.ran })
        #expect(ran.withLock { $0.sameThread })
        let operation = BlockOperation { ran.withLock { $0 = (true, pthread_equal(pthread_self(), adder) != 0) } }
        ran.withLock { $0 = (false, false) }
        queue.addOperation(operation)
        #expect(ran.withLock { $0.ran && $0.sameThread })
    }
    #endif

    @Test("the delegate queue is serial")
    func serial() {
        #expect(URLSessionDelegateQueue.make().maxConcurrentOperationCount == 1)
    }
}
