import Foundation

extension DownloadCoordinator {
    /// The work of one transfer, off the actor: the store first, then the part's download
    /// with retries, then the store again with the result.
    nonisolated func perform(_ transfer: Transfer) async -> Result<PartContent, TransferError> {
        let part = transfer.part
        let key = ContentKey(partID: part.id)
        if let stored = await storedContent(for: key, of: transfer) { return .success(stored) }
        var attempt = 0
        while true {
            attempt += 1
            let sink = transfer.beginAttempt(diagnostics: configuration.diagnostics)
            let outcome: Result<(content: PartContent, isStored: Bool), any Error>
            do {
                if let streaming = part as? any StoreStreamingPart {
                    let partialStore = store?.partialDownloadStore
                    let content = try await streaming.downloadContent(
                        into: partialStore, key: key, clock: configuration.clock, reportingTo: sink)
                    outcome = .success((content, partialStore != nil))
                } else {
                    outcome = .success((try await part.downloadContent(reportingTo: sink), false))
                }
            } catch {
                outcome = .failure(error)
            }
            transfer.endAttempt()
            switch outcome {
            case .success(let (content, isStored)):
                if isStored { return .success(content) }
                return .success(await keep(content, for: key, of: transfer, movingFile: part.handsOverDownloadedFile))
            case .failure(let error):
                if Task.isCancelled || error is CancellationError { return .failure(.cancelled(part.id)) }
                guard let delay = configuration.retryPolicy.delay(afterAttempt: attempt, failedWith: error) else {
                    return .failure(.failed(part.id, attempts: attempt, underlying: error))
                }
                configuration.diagnostics?(.retrying(part.id, attempt: attempt, delay: delay, error: error))
                do {
                    try await configuration.clock.sleep(for: delay)
                } catch {
                    return .failure(.cancelled(part.id))
                }
            }
        }
    }

    /// The store's content for `key`, not promoted to memory when the transfer only warms the
    /// disk.
    private nonisolated func storedContent(for key: ContentKey, of transfer: Transfer) async -> PartContent? {
        if transfer.warmsDiskOnly, let disk = store as? any DiskWarmingStore {
            return await disk.contentWithoutPromotion(for: key)
        }
        return await store?.content(for: key)
    }

    /// Puts downloaded content in the store and returns what the store holds; on a store
    /// failure, reports it and returns the part's own content.
    ///
    /// A file is moved in when the part hands its downloaded files over
    /// (``MessagePart/handsOverDownloadedFile``); otherwise it is copied first, and the part
    /// (its chat SDK) keeps its own file.
    private nonisolated func keep(_ content: PartContent, for key: ContentKey, of transfer: Transfer, movingFile: Bool)
        async -> PartContent
    {
        guard let store else { return content }
        do {
            switch content {
            case .data(let data):
                if transfer.warmsDiskOnly, let disk = store as? any DiskWarmingStore {
                    return try await disk.storeOnDisk(data, for: key)
                }
                return try await store.store(data, for: key)
            case .file(let url) where movingFile:
                return try await store.storeFile(at: url, for: key)
            case .file(let url):
                let copy = FileManager.default.temporaryDirectory
                    .appendingPathComponent("AttachmentKit-\(UUID().uuidString)", isDirectory: false)
                try FileManager.default.copyItem(at: url, to: copy)
                do {
                    return try await store.storeFile(at: copy, for: key)
                } catch {
                    try? FileManager.default.removeItem(at: copy)
                    throw error
                }
            }
        } catch {
            configuration.diagnostics?(.storeFailed(key.partID, reason: String(describing: error)))
            return content
        }
    }
}
