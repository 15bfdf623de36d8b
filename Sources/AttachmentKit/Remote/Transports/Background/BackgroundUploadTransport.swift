#if canImport(Darwin)
import Foundation

/// An ``HTTPUploadTransport`` whose file uploads run in a background `URLSession`: the system
/// goes on sending while the app is suspended or after it was terminated, and wakes or relaunches
/// it when they end. Apple platforms only.
///
/// > Important: Compiled for iOS, macOS and tvOS but not run by AttachmentKit's CI, which tests
/// > on Linux, where FoundationNetworking has no background sessions.
///
/// A request with a file body (a tus `PATCH`, a plain `PUT` or `POST`) becomes an upload task
/// from a file in the background session; a request without a body goes through `foreground`, a
/// standard session. After a relaunch, the same request made again (by
/// ``UploadCoordinator/resumePendingUploads()``) joins the system's task that is still running,
/// or gets the answer of one that ended meanwhile. A body that is a part of its file is copied
/// into `directory` until its task ends. Cancelling the calling task stops the caller's wait, not
/// the system's upload; ``cancelUploads(to:)`` stops the system's uploads to a URL.
///
/// What the app does is in <doc:SendingAttachments>: create one transport for the identifier at
/// launch, before any upload, with the coordinator and journal that use it; call
/// ``UploadCoordinator/resumePendingUploads()``; and hand the system's completion handler to
/// ``handleEvents(forBackgroundURLSession:completionHandler:)``.
public final class BackgroundUploadTransport: HTTPUploadTransport, @unchecked Sendable {
    // @unchecked: every stored property is immutable; the mutable state is the delegate's,
    // behind its one lock (`BackgroundUploadDelegate.state`).

    /// The background session's identifier.
    public let identifier: String
    /// Where parts of files are copied for their upload tasks.
    public let directory: URL
    private let foreground: any HTTPUploadTransport
    private let session: URLSession
    private let delegate: BackgroundUploadDelegate

    /// Creates the transport and its background session, and re-attaches to the session's tasks
    /// that outlived the last launch.
    ///
    /// Create one transport per identifier in a process: two sessions with one identifier do not
    /// receive their events reliably.
    ///
    /// - Parameters:
    ///   - identifier: The background session's identifier, the same in every launch.
    ///   - directory: Where parts of files are copied; by default
    ///     `Application Support/AttachmentKit/BackgroundUploads/<identifier>`.
    ///   - foreground: The transport for requests without a body.
    ///   - configure: Changes the background configuration before the session is made (for
    ///     example `sharedContainerIdentifier` in an app extension, or `isDiscretionary`).
    public init(
        identifier: String, directory: URL? = nil, foreground: any HTTPUploadTransport = URLSessionTransport.shared,
        configure: (URLSessionConfiguration) -> Void = { _ in }
    ) {
        let folder = directory ?? BackgroundUploadTransport.defaultDirectory(for: identifier)
        let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
        configuration.sessionSendsLaunchEvents = true
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configure(configuration)
        let delegate = BackgroundUploadDelegate(directory: folder)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.identifier = identifier
        self.directory = folder
        self.foreground = foreground
        self.delegate = delegate
        self.session = session
        session.getAllTasks { tasks in delegate.attach(to: tasks) }
    }

    /// Sends `request`: a file body in the background session (joining the system's task for the
    /// same request when one runs, or taking the answer of one that ended unobserved), anything
    /// else through the foreground transport.
    ///
    /// The response's body is empty: the upload protocols read only the head.
    public func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse
    {
        guard case .file(let file, let offset, let length) = request.body else {
            return try await foreground.upload(request, sentBytes: sentBytes)
        }
        try Task.checkCancellation()
        await delegate.waitUntilAttached()
        let key = BackgroundUploadDelegate.key(of: request)
        let head: HTTPResponse.Head
        switch delegate.claim(key) {
        case .finished(let result):
            head = try result.get()
        case .running(let taskID):
            head = try await delegate.wait(for: taskID, key: key, sentBytes: sentBytes)
        case .absent:
            let taskID = try startTask(request, file: file, offset: offset, length: length, key: key)
            head = try await delegate.wait(for: taskID, key: key, sentBytes: sentBytes)
        }
        return HTTPResponse(head: head, body: .empty)
    }

    /// Stops the system's uploads to `url` (a tus upload URL, a `PUT` destination): their callers
    /// get the cancellation error.
    public func cancelUploads(to url: URL) {
        let absolute = url.absoluteString
        session.getAllTasks { tasks in
            for task in tasks where BackgroundUploadDelegate.Description(task.taskDescription)?.url == absolute {
                task.cancel()
            }
        }
    }

    /// Hands over the completion handler the system gave
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    ///
    /// Returns whether `identifier` is this transport's. When it is, `completionHandler` is
    /// called on the main actor once the session has delivered every event it held
    /// (`urlSessionDidFinishEvents(forBackgroundURLSession:)`, at once if that came first), so
    /// the system can take the app's new snapshot and suspend it again.
    @MainActor
    @discardableResult
    public func handleEvents(forBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)
        -> Bool
    {
        guard identifier == self.identifier else { return false }
        delegate.completion.keep(completionHandler)
        return true
    }

    /// Makes and starts the upload task for `request`, after copying its part of the file when
    /// it is not the whole file; returns the task's identifier.
    private func startTask(_ request: HTTPUploadRequest, file: URL, offset: Int64, length: Int64, key: String)
        throws -> Int
    {
        var slice: URL?
        if !UploadSliceFile.isWhole(file, offset: offset, length: length) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let copy = directory.appendingPathComponent(UUID().uuidString, isDirectory: false)
            try UploadSliceFile.copy(file, offset: offset, length: length, to: copy)
            slice = copy
        }
        let task = session.uploadTask(
            with: URLSessionTransport.urlRequest(for: request), fromFile: slice ?? file)
        task.taskDescription =
            BackgroundUploadDelegate.Description(
                key: key, url: request.url.absoluteString, slice: slice?.lastPathComponent
            ).text
        delegate.register(task.taskIdentifier, key: key)
        task.resume()
        return task.taskIdentifier
    }

    private static func defaultDirectory(for identifier: String) -> URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let name = identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "uploads"
        return support.appendingPathComponent("AttachmentKit/BackgroundUploads/\(name)", isDirectory: true)
    }
}
#endif
