import Foundation

extension UploadCoordinator {
    /// Runs the upload of `pending`, or joins the one already running for its part.
    func run(_ pending: UploadCoordinator.PendingUpload) async throws(TransferError) -> UploadCoordinator.UploadedPart {
        let id = pending.partID
        let task = registry.withLock { registry -> Task<UploadCoordinator.UploadedPart, any Error> in
            if let running = registry.running[id] { return running.task }
            let priority = registry.priorities[id] ?? .normal
            let task = Task(priority: priority.taskPriority) { try await self.perform(pending) }
            registry.running[id] = UploadRegistry.Running(task: task, progress: .zero(totalBytes: pending.byteCount))
            return task
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                // A hop later, never while Swift holds the cancelled task's status lock.
                DispatchQueue.global().async { task.cancel() }
            }
        } catch let error as TransferError {
            throw error
        } catch {
            throw .failed(id, attempts: 1, underlying: error)
        }
    }

    /// The attempts at one upload, under the retry policy.
    private func perform(_ initial: UploadCoordinator.PendingUpload) async throws -> UploadCoordinator.UploadedPart {
        let id = initial.partID
        let latest = LockedState(initial)
        let resumedAt = LockedState<Int64?>(nil)
        let resumes = initial.uploadURL != nil
        let journal = self.journal
        let attempt = UploadAttempt(
            transport: transport, configuration: configuration,
            record: { pending in
                latest.withLock { $0 = pending }
                try journal?.record(pending)
            },
            progress: { [weak self] completed in
                if resumes { resumedAt.withLock { $0 = $0 ?? completed } }
                self?.report(id, completed)
            })
        var attempts = 0
        do {
            while true {
                attempts += 1
                do {
                    let pending = latest.withLock { $0 }
                    let url = try await attemptUpload(pending, attempt)
                    let part = UploadCoordinator.UploadedPart(
                        partID: id, remoteURL: url, byteCount: pending.byteCount,
                        resumedAt: resumedAt.withLock { $0 })
                    try journal?.complete(part)
                    finish(id, with: .success(part), source: pending.source)
                    return part
                } catch {
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    guard let delay = configuration.retryPolicy.delay(afterAttempt: attempts, failedWith: error) else {
                        throw TransferError.failed(id, attempts: attempts, underlying: error)
                    }
                    try await configuration.clock.sleep(for: delay)
                }
            }
        } catch let failure as TransferError {
            finish(id, with: .failure(failure), source: initial.source)
            throw failure
        } catch {
            await endCancelled(latest.withLock { $0 }, attempt)
            finish(id, with: .failure(.cancelled(id)), source: initial.source)
            throw TransferError.cancelled(id)
        }
    }

    /// One attempt, holding one of the origin's slots.
    private func attemptUpload(_ pending: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt) async throws -> URL
    {
        let origin = HostConcurrencyLimiter.origin(of: pending.destination.url)
        let id = pending.partID
        try await limiter.acquire(origin, limit: configuration.maximumConcurrentUploadsPerHost) { [registry] in
            registry.withLock { $0.priorities[id] } ?? .normal
        }
        do {
            let url =
                switch pending.destination.method {
                case .tus: try await TusUpload.run(pending, attempt)
                case .put, .post: try await PlainUpload.run(pending, attempt)
                }
            await limiter.release(origin)
            return url
        } catch {
            await limiter.release(origin)
            throw error
        }
    }

    /// After a cancellation: ends the upload on the server and forgets it when ``cancel(_:)``
    /// asked; keeps it for a resume otherwise.
    private func endCancelled(_ pending: UploadCoordinator.PendingUpload, _ attempt: UploadAttempt) async {
        guard registry.withLock({ $0.terminating.remove(pending.partID) != nil }) else { return }
        if pending.destination.method == .tus, let uploadURL = pending.uploadURL {
            // In a task of its own: this one is cancelled, and the request must still go.
            await Task { await TusUpload.terminate(uploadURL, attempt) }.value
        }
        journal?.forget(pending.partID)
    }

    /// Offers the bytes the server holds plus those in flight to the part's observers.
    func report(_ id: PartID, _ completed: Int64) {
        let now = configuration.clock.now
        let throttle = configuration.progressThrottle
        registry.withLock { registry in
            guard var running = registry.running[id] else { return }
            let progress = TransferProgress(completedBytes: completed, totalBytes: running.progress.totalBytes)
            running.progress = progress
            let admitted = running.filter.admits(progress, throttle: throttle)
            registry.running[id] = running
            guard admitted, var listeners = registry.listeners[id] else { return }
            let step = throttle.step(of: progress)
            var live: [DownloadListener] = []
            for index in listeners.indices
            where listeners[index].offer(progress, step: step, now: now, throttle: throttle) {
                live.append(listeners[index])
            }
            listeners = live
            registry.listeners[id] = listeners
        }
    }

    /// Ends the part's upload: its observers get the final progress and their one last callback.
    private func finish(_ id: PartID, with result: Result<UploadCoordinator.UploadedPart, TransferError>, source: URL) {
        registry.withLock { registry in
            let listeners = registry.listeners.removeValue(forKey: id) ?? []
            registry.running[id] = nil
            registry.priorities[id] = nil
            let state: PartDownload.State
            var final: TransferProgress?
            switch result {
            case .success(let part):
                registry.completed[id] = part
                state = .completed(.file(source))
                final = TransferProgress(completedBytes: part.byteCount, totalBytes: part.byteCount)
            case .failure(let error):
                state = .failed(error)
            }
            for var listener in listeners { listener.finish(with: state, finalProgress: final) }
        }
    }

    /// Adds a listener for `id`, told at once where a running upload stands.
    func addListener(_ channel: ObserverChannel, for id: PartID) {
        let now = configuration.clock.now
        let throttle = configuration.progressThrottle
        registry.withLock { registry in
            var listener = DownloadListener(.observer(channel))
            if let running = registry.running[id] {
                guard listener.start(with: .downloading(running.progress), now: now, throttle: throttle) else { return }
            }
            registry.listeners[id, default: []].append(listener)
        }
    }
}
