import Foundation

/// Uploads message parts: the mirror of ``DownloadCoordinator`` for the sending half.
///
/// - One upload per part, whoever asks: a second ``upload(_:to:priority:)`` of a part being uploaded
///   waits for the same upload.
/// - A message's parts go up in order (``upload(message:priority:to:)``); one failed part fails the
///   message with ``UploadCoordinator/MessageError`` naming it, and the parts already sent are not sent
///   again when the message is retried.
/// - Progress reaches ``ProgressObserver`` and ``MainActorProgressObserver`` observers with the
///   download observers' throttle and delivery, then exactly one final callback: success with
///   the part's local file, or the failure as a ``TransferError``.
/// - At most ``UploadCoordinator/Configuration/maximumConcurrentUploadsPerHost`` uploads run
///   against one origin; a freed slot goes to the highest ``DownloadPriority``, then to the first
///   come (``setPriority(_:of:)`` moves a waiting upload).
/// - Failed attempts are retried under ``UploadCoordinator/Configuration/retryPolicy`` (`Retry-After`
///   honoured; 4xx other than 408 and 429 final; a tus `409` is answered in the attempt by
///   asking the offset again). A tus upload resumes from the offset the server reports.
/// - With a ``UploadCoordinator/Journal`` the upload URL and confirmed offset are kept
///   crash-safely: after a crash, ``resumePendingUploads()`` finishes every upload kept.
/// - Preflight before any byte: ``UploadCoordinator/Configuration/maximumByteCount``,
///   ``UploadCoordinator/Configuration/allowedTypes`` and a tus server's `Tus-Max-Size`.
public final class UploadCoordinator: Sendable {
    /// How uploads run.
    package let configuration: UploadCoordinator.Configuration
    /// Where resumable state is kept, if anywhere.
    package let journal: UploadCoordinator.Journal?
    let transport: any HTTPUploadTransport
    let limiter = HostConcurrencyLimiter()
    let registry = LockedState(UploadRegistry())

    /// Creates a coordinator.
    ///
    /// - Parameters:
    ///   - transport: The HTTP client; ``URLSessionTransport/shared`` unless given.
    ///   - journal: Where to keep what resuming needs; without one, uploads resume within a
    ///     launch only (retries) and the part's file is read where it is.
    ///   - configuration: Limits, retries, progress, headers.
    public init(
        transport: any HTTPUploadTransport = URLSessionTransport.shared, journal: UploadCoordinator.Journal? = nil,
        configuration: UploadCoordinator.Configuration = UploadCoordinator.Configuration()
    ) {
        self.transport = transport
        self.journal = journal
        self.configuration = configuration
    }

    /// Uploads `part`'s local content to `destination` and returns where it went.
    ///
    /// When its host's slots are taken, the upload waits behind those of higher `priority`. A
    /// second caller of a part being uploaded joins that upload, raising it to its own
    /// `priority` when higher. Cancelling the calling task stops the upload and keeps its state
    /// for ``resumePendingUploads()``; ``cancel(_:)`` also ends it on the server.
    ///
    /// - Throws: ``TransferError``.
    public func upload(
        _ part: any MessagePart, to destination: UploadCoordinator.Destination, priority: DownloadPriority = .normal
    ) async throws(TransferError) -> UploadCoordinator.UploadedPart {
        if let done = journal?.uploadedPart(for: part.id) ?? registry.withLock({ $0.completed[part.id] }) {
            return done
        }
        registry.withLock { $0.priorities[part.id] = max($0.priorities[part.id] ?? priority, priority) }
        defer { forgetPriorityIfIdle(part.id) }
        let pending: UploadCoordinator.PendingUpload
        do {
            pending = try preflight(part, destination)
        } catch {
            throw .failed(part.id, attempts: 1, underlying: error)
        }
        return try await run(pending)
    }

    /// Uploads a message's parts in order, each to the destination `destination` gives it, and
    /// returns where each went, in the same order.
    ///
    /// Every part goes at `priority`, or at the one ``setPriority(_:of:)`` gave it since the
    /// message started (a part not started yet keeps it for when it starts). `destination` is
    /// `@Sendable`, so that a `@MainActor` caller can pass a closure.
    ///
    /// - Throws: ``UploadCoordinator/MessageError`` naming the first part that failed.
    public func upload(
        message parts: [any MessagePart], priority: DownloadPriority = .normal,
        to destination: @Sendable (any MessagePart) -> UploadCoordinator.Destination
    ) async throws(UploadCoordinator.MessageError) -> [UploadCoordinator.UploadedPart] {
        registry.withLock { registry in
            for part in parts { registry.priorities[part.id] = max(registry.priorities[part.id] ?? priority, priority) }
        }
        defer { for part in parts { forgetPriorityIfIdle(part.id) } }
        var uploaded: [UploadCoordinator.UploadedPart] = []
        for (index, part) in parts.enumerated() {
            do {
                let current = registry.withLock { $0.priorities[part.id] } ?? priority
                uploaded.append(try await upload(part, to: destination(part), priority: current))
            } catch {
                throw .partFailed(index: index, error)
            }
        }
        return uploaded
    }

    /// Resumes every upload the journal keeps (after a crash or a relaunch), each from the offset
    /// its server reports, and returns how each ended.
    public func resumePendingUploads() async -> [Result<UploadCoordinator.UploadedPart, TransferError>] {
        guard let journal else { return [] }
        var results: [Result<UploadCoordinator.UploadedPart, TransferError>] = []
        for pending in journal.pendingUploads.sorted(by: { $0.partID.rawValue < $1.partID.rawValue }) {
            do {
                results.append(.success(try await run(pending)))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// Cancels the upload of `partID`: stops it, ends a tus upload on the server (termination)
    /// and forgets its state. Its observers get ``TransferError/cancelled(_:)``.
    public func cancel(_ partID: PartID) {
        let task = registry.withLock { registry -> Task<UploadCoordinator.UploadedPart, any Error>? in
            registry.terminating.insert(partID)
            return registry.running[partID]?.task
        }
        task?.cancel()
    }

    /// Registers `observer` for the progress of `partID`'s next or current upload, called
    /// isolated to `actor` (the main actor unless given another).
    public func addObserver(
        _ observer: any ProgressObserver, for partID: PartID, on actor: any Actor = MainActor.shared
    ) {
        addListener(ObserverChannel(observer: observer, partID: partID, actor: actor), for: partID)
    }

    /// Registers a main-actor `observer` for the progress of `partID`'s next or current upload.
    public func addObserver(_ observer: any MainActorProgressObserver, for partID: PartID) {
        addListener(ObserverChannel(mainActorObserver: observer, partID: partID), for: partID)
    }

    /// The checks before any byte is sent, and the state the upload starts from.
    private func preflight(_ part: any MessagePart, _ destination: UploadCoordinator.Destination) throws
        -> UploadCoordinator.PendingUpload
    {
        if let allowed = configuration.allowedTypes, !allowed.contains(where: { $0.essence == part.mimeType.essence }) {
            throw UploadError.typeNotAllowed(part.id, part.mimeType)
        }
        guard let content = part.availableContent else { throw UploadError.noLocalFile(part.id) }
        let byteCount = try content.byteCount()
        if let limit = configuration.maximumByteCount, byteCount > limit {
            throw UploadError.tooLarge(part.id, byteCount: byteCount, limit: limit)
        }
        if let journal {
            return try journal.adopt(part.id, mimeType: part.mimeType, content: content, destination: destination)
        }
        guard let url = content.fileURL else { throw UploadError.noLocalFile(part.id) }
        var pending = UploadCoordinator.PendingUpload(
            partID: part.id, mimeType: part.mimeType.description, source: url, byteCount: byteCount,
            destination: destination)
        pending.sourceModificationDate = UploadAttempt.modificationDate(of: url)
        return pending
    }
}
