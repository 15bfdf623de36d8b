import Foundation

/// The delegate queue of a ``URLSessionTransport``.
///
/// On Linux, FoundationNetworking has no back-pressure (swift-corelibs-foundation #3204):
/// libcurl's serial work queue reads the socket as fast as it can and adds one operation per
/// 16 KiB chunk to the delegate queue, so a normal queue that falls behind holds the body in
/// memory (most of a large download's body can wait there). There the queue
/// runs every callback at once, on the thread that adds it, which is that work queue: a chunk
/// is handed to its download's writer before libcurl reads the next one. That work queue serves
/// every session of the process, so the callbacks must not block (a download's writer never
/// waits for its disk there: see ``PartialDownloadWriteQueue``), and
/// must never call `URLSessionTask.cancel()` directly (on Swift 6.3 and earlier it waits for
/// that same work queue): ``URLSessionTaskStream`` hops to another queue to cancel.
///
/// On Apple platforms it is an ordinary serial queue.
enum URLSessionDelegateQueue {
    static func make() -> OperationQueue {
        #if canImport(FoundationNetworking)
        let queue = InlineOperationQueue()
        #else
        let queue = OperationQueue()
        #endif
        queue.name = "AttachmentKit.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        return queue
    }
}

#if canImport(FoundationNetworking)
/// An operation queue that runs what is added at once, on the adding thread.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {  // safe: it keeps no state
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
    override func addOperation(_ operation: Operation) { operation.start() }
    override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations { operation.start() }
    }
    override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) { barrier() }
}
#endif
