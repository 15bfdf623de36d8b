import Foundation

/// How an attempt's partial file is opened in the store and, once checked, completed into it.
extension RemoteDownload {
    func open(validator: RemotePart.Validator?, source: PartialDownloadSource, at offset: Int64) async throws
        -> PartialDownloadWriter
    {
        do {
            return try await store.openPartialDownload(
                for: key, validator: validator, source: source, resumingAt: offset)
        } catch {
            throw RemotePartError.storeFailed(error)
        }
    }

    /// Checks the complete partial file and renames it into the store; on a failed check
    /// nothing is left on disk.
    func finish(
        _ writer: PartialDownloadWriter, byteCount: Int64, check: RemoteContentCheck, digest: ArrivalDigest?
    ) async throws -> PartContent {
        do {
            try writer.checkpoint()
            // Bytes kept from an earlier process (a 416 that completes them) are hashed here.
            try digest?.catchUp(to: byteCount, fileAt: writer.files.dataPath)
            try check.check(
                fileAt: URL(fileURLWithPath: writer.files.dataPath), byteCount: byteCount, digest: digest?.finalize())
        } catch let error as RemotePartError {
            await store.discardPartialDownload(for: key)
            throw error
        } catch let error as ContentStoreError {
            try? writer.close()
            throw RemotePartError.storeFailed(error)
        }
        if Task.isCancelled {
            try? writer.close()
            throw CancellationError()
        }
        do {
            let content = try await store.completePartialDownload(for: key, expectedByteCount: byteCount)
            knownTotals.withLock { $0[key] = nil }
            return content
        } catch {
            throw RemotePartError.storeFailed(error)
        }
    }
}
