#if canImport(Darwin)
import Foundation

/// The background session's delegate for ``BackgroundUploadTransport``: which task carries which
/// request, who waits for it, the answers of tasks that ended with nobody waiting, and the app's
/// completion handler (in ``completion``). Apple platforms only.
///
/// `@unchecked Sendable`: its mutable state is behind its one lock, `state`, never held while
/// calling out (a continuation, an observer).
final class BackgroundUploadDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// What a task's `taskDescription` records: the request it carries, its URL, and the name of
    /// its copied part of a file in the transport's directory, if it has one.
    struct Description {
        var key: String
        var url: String
        var slice: String?

        init(key: String, url: String, slice: String?) {
            (self.key, self.url, self.slice) = (key, url, slice)
        }

        /// Parses a `taskDescription`; `nil` for one AttachmentKit did not write.
        init?(_ text: String?) {
            let fields = (text ?? "").components(separatedBy: "\n")
            guard fields.count == 4, fields[0] == Self.tag else { return nil }
            (key, url, slice) = (fields[1], fields[2], fields[3].isEmpty ? nil : fields[3])
        }

        var text: String { [Self.tag, key, url, slice ?? ""].joined(separator: "\n") }

        private static let tag = "AttachmentKit.upload.1"
    }

    /// What a request made again finds.
    enum Claim {
        /// A task for it ended with nobody waiting: its answer.
        case finished(Result<HTTPResponse.Head, any Error>)
        /// A task for it runs: its identifier.
        case running(Int)
        /// Nothing: a task must be started.
        case absent
    }

    /// What a new waiter does at once: wait, or take an answer already here.
    private enum Now {
        case wait
        case answer(Result<HTTPResponse.Head, any Error>)
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<HTTPResponse.Head, any Error>
        let sentBytes: @Sendable (Int64) -> Void
    }

    private struct State {
        var isAttached = false
        var attachWaiters: [CheckedContinuation<Void, Never>] = []
        var running: [String: Int] = [:]
        var keys: [Int: String] = [:]
        var waiters: [Int: [Waiter]] = [:]
        var finished: [String: Result<HTTPResponse.Head, any Error>] = [:]
        var finishedOrder: [String] = []
        var nextWaiter: UInt64 = 0
    }

    /// The most answers kept for requests nobody made again.
    static let finishedCapacity = 64

    private let directory: URL
    private let state = LockedState(State())
    /// The app's completion handler for the session's events.
    let completion = BackgroundEventsCompletion()

    init(directory: URL) {
        self.directory = directory
    }

    /// The identity of a request with a file body: method, URL, offset and length.
    static func key(of request: HTTPUploadRequest) -> String {
        var key = "\(request.method) \(request.url.absoluteString)"
        if case .file(_, let offset, let length) = request.body { key += " \(offset) \(length)" }
        return key
    }

    /// Records the tasks that outlived the last launch, removes the copied parts no task uses,
    /// and lets waiting requests go on.
    func attach(to tasks: [URLSessionTask]) {
        var slices: Set<String> = []
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            for task in tasks {
                guard let description = Description(task.taskDescription) else { continue }
                if let slice = description.slice { slices.insert(slice) }
                guard task.state == .running || task.state == .suspended else { continue }
                state.running[description.key] = task.taskIdentifier
                state.keys[task.taskIdentifier] = description.key
            }
            state.isAttached = true
            defer { state.attachWaiters.removeAll() }
            return state.attachWaiters
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where !slices.contains(name) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the tasks of the last launch are recorded.
    func waitUntilAttached() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let attached = state.withLock { state -> Bool in
                if !state.isAttached { state.attachWaiters.append(continuation) }
                return state.isAttached
            }
            if attached { continuation.resume() }
        }
    }

    /// What a request with `key` finds: an answer kept for it (taken), a running task, or nothing.
    func claim(_ key: String) -> Claim {
        state.withLock { state in
            if let result = state.finished.removeValue(forKey: key) {
                state.finishedOrder.removeAll { $0 == key }
                return .finished(result)
            }
            guard let taskID = state.running[key] else { return Claim.absent }
            return Claim.running(taskID)
        }
    }

    /// Records a new task for `key` before it starts.
    func register(_ taskID: Int, key: String) {
        state.withLock { state in
            state.running[key] = taskID
            state.keys[taskID] = key
        }
    }

    /// Waits for the task `taskID` (carrying `key`) to end; reports its body bytes sent to
    /// `sentBytes`. Cancelling the calling task ends the wait, not the task.
    func wait(for taskID: Int, key: String, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse.Head
    {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponse.Head, any Error>) in
                let now = state.withLock { state -> Now in
                    if Task.isCancelled { return .answer(.failure(CancellationError())) }
                    // The task may have ended between its start (or claim) and this wait.
                    if state.running[key] != taskID, let result = state.finished.removeValue(forKey: key) {
                        state.finishedOrder.removeAll { $0 == key }
                        return .answer(result)
                    }
                    state.waiters[taskID, default: []].append(
                        Waiter(id: id, continuation: continuation, sentBytes: sentBytes))
                    return .wait
                }
                if case .answer(let result) = now { continuation.resume(with: result) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard var list = state.waiters[taskID], let index = list.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                let waiter = list.remove(at: index)
                state.waiters[taskID] = list.isEmpty ? nil : list
                return waiter
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let observers = state.withLock { $0.waiters[task.taskIdentifier]?.map(\.sentBytes) ?? [] }
        for observe in observers { observe(totalBytesSent) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let description = Description(task.taskDescription)
        let result: Result<HTTPResponse.Head, any Error>
        if let error {
            result = .failure(error)
        } else if let http = task.response as? HTTPURLResponse, let url = http.url ?? task.originalRequest?.url {
            result = .success(HTTPResponse.Head(http, url: url))
        } else {
            result = .failure(URLSessionTransport.Error.notHTTP)
        }
        let waiters = state.withLock { state -> [Waiter] in
            let key = state.keys.removeValue(forKey: task.taskIdentifier) ?? description?.key
            if let key, state.running[key] == task.taskIdentifier { state.running[key] = nil }
            let waiters = state.waiters.removeValue(forKey: task.taskIdentifier) ?? []
            if waiters.isEmpty, let key {
                // Nobody waits (the app was not running, or its caller gave up): kept for the
                // same request made again.
                state.finished[key] = result
                state.finishedOrder.removeAll { $0 == key }
                state.finishedOrder.append(key)
                if state.finishedOrder.count > Self.finishedCapacity {
                    state.finished[state.finishedOrder.removeFirst()] = nil
                }
            }
            return waiters
        }
        if let slice = description?.slice {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(slice, isDirectory: false))
        }
        for waiter in waiters { waiter.continuation.resume(with: result) }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        let completion = self.completion
        Task { @MainActor in completion.eventsWereDelivered() }
    }
}
#endif
