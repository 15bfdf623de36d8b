import AttachmentKit
import Foundation

/// The download step of `attachmentkit resolve`: every part that is not local but names a URL
/// is downloaded through a ``RemotePart`` into the file store (keyed by its URL), with progress,
/// and replaced by the stored file; an encrypted part (`encryptedFile`) through an
/// ``EncryptedPart``, stored decrypted once its hash matched. A kept partial download is
/// resumed, and the output says so.
struct ResolveDownloads {
    let options: DownloadOptions
    let console: Console
    let handlesInterrupts: Bool

    /// How the step ended.
    enum Outcome: Equatable {
        case completed
        case failed
        case cancelled
    }

    /// What the step did: the parts with the downloaded ones made local, how it ended, and the
    /// temporary store it used when the chosen one was in use (the caller removes it).
    struct Result {
        var parts: [DescribedPart]
        var outcome: Outcome
        var temporaryStore: URL?
    }

    /// Downloads what `parts` lacks, but the part `skipped` (a video message's video).
    func run(_ parts: [DescribedPart], skipping skipped: PartID? = nil) async throws(CommandError) -> Result {
        let pending = parts.filter { $0.availableContent == nil && $0.remoteURL != nil && $0.id != skipped }
        guard options.downloads, !pending.isEmpty else { return Result(parts: parts, outcome: .completed) }
        let (store, temporaryStore) = try openStore()
        let coordinator = DownloadCoordinator(
            store: store, configuration: .init(retryPolicy: RetryPolicy(maximumAttempts: 3)))
        let downloader = options.downloader
        var result = parts
        var outcome = Outcome.completed
        for part in pending {
            guard let url = part.remoteURL else { continue }
            let download: any MessagePart
            let resumeKey: ContentKey
            if let encryptedFile = part.encryptedFile {
                // Stored under the ciphertext's hash and the key's fingerprint (see EncryptedPart).
                let encrypted = EncryptedPart(
                    url: url, encryptedFile: encryptedFile, mimeType: part.mimeType, byteCount: part.byteCount,
                    downloader: downloader)
                (download, resumeKey) = (encrypted, ContentKey(partID: encrypted.ciphertext.id))
            } else {
                // Stored by URL: parts of different messages share ids such as "original".
                let remote = RemotePart(
                    id: PartID(url.absoluteString), url: url, mimeType: part.mimeType, byteCount: part.byteCount,
                    downloader: downloader)
                (download, resumeKey) = (remote, ContentKey(partID: remote.id))
            }
            switch await self.download(
                download, from: url, resumeKey: resumeKey, label: part.id.rawValue, store: store,
                coordinator: coordinator)
            {
            case .success(let content):
                if let index = result.firstIndex(where: { $0.id == part.id }) {
                    result[index] = part.downloaded(as: content)
                }
            case .failure(.cancelled):
                await store.close()
                return Result(parts: result, outcome: .cancelled, temporaryStore: temporaryStore)
            case .failure(.failed):
                outcome = .failed
            }
        }
        // Closed once its background work (an entry's checksum) is done, so that the next run,
        // or another process, finds the store free as soon as this one has finished.
        await store.close()
        return Result(parts: result, outcome: outcome, temporaryStore: temporaryStore)
    }

    private enum Failure: Error {
        case cancelled
        case failed
    }

    /// Downloads `part` from `url`, whose partial download (if one is kept) is `resumeKey`'s.
    private func download(
        _ part: any MessagePart, from url: URL, resumeKey: ContentKey, label: String, store: FileContentStore,
        coordinator: DownloadCoordinator
    ) async -> Swift.Result<PartContent, Failure> {
        let key = ContentKey(partID: part.id)
        if let stored = await store.content(for: key) {
            console.write("\(label): already in the store\n")
            return .success(stored)
        }
        if let partial = await store.partialDownload(for: resumeKey) {
            console.write(
                "\(label): resuming at \(ProgressPrinter.bytes(partial.byteCount)) from \(url.absoluteString)\n")
        } else {
            console.write("\(label): downloading \(url.absoluteString)\n")
        }
        if part is EncryptedPart {
            console.write("\(label): encrypted; decrypted as it arrives, kept once its hash matched\n")
        }
        let download = await coordinator.download(part, priority: .high)
        let printer = ProgressPrinter(label: label, console: console)
        let updates = download.updates()
        let progress = Task {
            for await state in updates {
                if let value = state.progress { printer.update(value) }
            }
        }
        let interrupt = handlesInterrupts ? InterruptHandler { download.cancel() } : nil
        let result: Swift.Result<PartContent, TransferError>
        do {
            result = .success(try await download.content())
        } catch {
            result = .failure(error)
        }
        interrupt?.remove()
        await coordinator.waitUntilIdle()
        await progress.value
        switch result {
        case .success(let content):
            let count = try? content.byteCount()
            if let count { printer.update(TransferProgress(completedBytes: count, totalBytes: count)) }
            printer.finish()
            let size = count.map(ProgressPrinter.bytes) ?? "?"
            console.write("\(label): downloaded \(size)\n")
            return .success(content)
        case .failure(let error) where error.isCancellation:
            let kept = await store.partialDownload(for: resumeKey)?.byteCount ?? 0
            printer.finish()
            console.write("\(label): cancelled; \(ProgressPrinter.bytes(kept)) kept, run again to resume\n")
            return .failure(.cancelled)
        case .failure(let error):
            printer.finish()
            console.write("\(label): download failed: \(error.underlying.map { "\($0)" } ?? "\(error)")\n")
            return .failure(.failed)
        }
    }

    /// Opens the store; when another process (or run) has it open, says so and uses a new
    /// temporary store instead, returned too so that the caller removes it at the end.
    private func openStore() throws(CommandError) -> (FileContentStore, temporary: URL?) {
        do {
            try FileManager.default.createDirectory(at: options.storeDirectory, withIntermediateDirectories: true)
            return (try FileContentStore(directory: options.storeDirectory, byteCapacity: 64 << 30), nil)
        } catch ContentStoreError.directoryInUse {
            let fallback = FileManager.default.temporaryDirectory
                .appendingPathComponent("attachmentkit-store-\(UUID().uuidString)", isDirectory: true)
            console.write(
                "store \(options.storeDirectory.path) is in use; downloading into \(fallback.path),"
                    + " removed when this run ends\n")
            do {
                return (try FileContentStore(directory: fallback, byteCapacity: 64 << 30), fallback)
            } catch {
                try? FileManager.default.removeItem(at: fallback)
                throw .unreadableFile(fallback.path, reason: "\(error)")
            }
        } catch {
            throw .unreadableFile(options.storeDirectory.path, reason: "\(error)")
        }
    }
}
