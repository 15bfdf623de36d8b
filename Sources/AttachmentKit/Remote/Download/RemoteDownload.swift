import Foundation

/// One attempt at downloading a ``RemotePart`` into a ``PartialDownloadStore``'s partial file:
/// resume or restart, stream the body to disk, check it, and rename it into the store.
///
/// Resume rules: a kept partial of `N` bytes with a strong validator is continued with
/// `Range: bytes=N-` and `If-Range`; a 206 counts only when its `Content-Range` starts at `N`
/// with the known total and the same validator, a 200 starts again from zero, and a 416
/// whose `bytes */total` equals `N` completes the partial. Anything else discards the partial
/// and starts again, so two versions of a resource are never spliced.
struct RemoteDownload: Sendable {
    let part: RemotePart
    let store: any PartialDownloadStore
    let key: ContentKey
    let observer: any ProgressObserver
    let follower: RedirectFollower
    let configuration: RemotePart.Configuration
    let knownTotals: LockedState<[ContentKey: Int64]>

    /// A response accepted for writing: the writer positioned where its body starts, and the
    /// length the whole resource must have, when known.
    private struct Accepted {
        var response: HTTPResponse
        var writer: PartialDownloadWriter
        var expectedTotal: Int64?
    }

    func run(watchdog: TransferWatchdog) async throws -> PartContent {
        let check = RemoteContentCheck(
            mimeType: part.mimeType, declaredByteCount: part.byteCount, expectedSHA256: try part.declaredDigest())
        // A declared digest is computed as the bytes arrive: no second pass over the file.
        let digest = check.expectedSHA256 == nil ? nil : ArrivalDigest()
        var partial = await store.partialDownload(for: key)
        if let kept = partial,
            (part.validator.map { $0 != kept.validator } ?? false) || kept.validator.ifRangeValue == nil
                || (kept.source.totalByteCount.map { !matchesKnownTotal($0, partial: nil) } ?? false)
        {
            await store.discardPartialDownload(for: key)
            partial = nil
        }
        var url = part.url
        var resigned = false
        var restarts = 0
        var overruns = 0
        while true {
            let resumeAt = partial?.byteCount ?? 0
            var headers = try await part.hooks.headers?(url) ?? HTTPHeaders()
            headers["Accept-Encoding"] = "identity"
            if let partial, resumeAt > 0, let ifRange = partial.validator.ifRangeValue {
                headers["Range"] = "bytes=\(resumeAt)-"
                headers["If-Range"] = ifRange
            }
            let response = try await follower.send(url, headers: headers, onResponse: watchdog.touch)
            let head = response.head
            if [401, 403].contains(head.statusCode), let resign = part.hooks.resign, !resigned {
                response.body.cancel()
                resigned = true
                guard let fresh = try await resign(url, head.statusCode) else { throw status(head) }
                url = fresh
                continue
            }
            let outcome = try await accept(response, partial: partial, resumeAt: resumeAt)
            switch outcome {
            case .write(let accepted):
                do {
                    return try await write(accepted, check: check, digest: digest, watchdog: watchdog)
                } catch let overrun as Overrun {
                    // The transfer was stopped because the disk fell behind: resume at once
                    // from what was written, a bounded number of times in a row without progress
                    // (a disk slower than the network, where reading can't be paused, overruns
                    // once per buffer limit).
                    partial = await store.partialDownload(for: key)
                    overruns = (partial?.byteCount ?? 0) > resumeAt ? 1 : overruns + 1
                    guard overruns <= Self.maximumOverruns else { throw overrun.error }
                }
            case .complete(let writer):
                return try await finish(writer, byteCount: resumeAt, check: check, digest: digest)
            case .restart:
                restarts += 1
                await store.discardPartialDownload(for: key)
                partial = nil
                guard restarts <= 2 else {
                    throw RemotePartError.invalidResponse("the server keeps refusing a fresh start")
                }
            }
        }
    }

    private enum Outcome {
        case write(Accepted)
        case complete(PartialDownloadWriter)
        case restart
    }

    /// Decides what a response means for the kept partial.
    private func accept(_ response: HTTPResponse, partial: PartialDownload?, resumeAt: Int64) async throws -> Outcome {
        let head = response.head
        switch head.statusCode {
        case 416 where resumeAt > 0:
            response.body.cancel()
            guard let partial, let range = head.headers["Content-Range"].flatMap(ContentRange.init), range.range == nil,
                range.total == resumeAt, matchesKnownTotal(resumeAt, partial: partial),
                partial.validator.isCompatible(with: head)
            else { return .restart }
            return .complete(try await open(validator: partial.validator, source: partial.source, at: resumeAt))
        case 206:
            guard let partial, resumeAt > 0 else {
                response.body.cancel()
                throw RemotePartError.invalidResponse("206 Partial Content to a request without Range")
            }
            guard head.hasIdentityEncoding, let range = head.headers["Content-Range"].flatMap(ContentRange.init),
                range.range?.lowerBound == resumeAt, let total = range.total,
                matchesKnownTotal(total, partial: partial),
                partial.validator.isCompatible(with: head)
            else {
                response.body.cancel()
                return .restart
            }
            let source = PartialDownloadSource(url: head.url, totalByteCount: total)
            let writer = try await open(validator: partial.validator, source: source, at: resumeAt)
            return .write(Accepted(response: response, writer: writer, expectedTotal: total))
        case 200..<300:
            let total = head.hasIdentityEncoding ? head.contentLength : nil
            let validator = RemotePart.Validator(strongValidatorOf: head)
            if let total {
                try refuseIfTooLarge(total, response)
                if let declared = part.byteCount, declared != total {
                    response.body.cancel()
                    throw RemotePartError.lengthMismatch(received: total, declared: declared)
                }
            }
            let source = PartialDownloadSource(url: head.url, totalByteCount: total)
            let writer = try await open(validator: validator, source: source, at: 0)
            return .write(Accepted(response: response, writer: writer, expectedTotal: total))
        default:
            response.body.cancel()
            throw status(head)
        }
    }

    private func write(
        _ accepted: Accepted, check: RemoteContentCheck, digest: ArrivalDigest?, watchdog: TransferWatchdog
    ) async throws -> PartContent {
        let writer = accepted.writer
        let total = accepted.expectedTotal
        if let total { knownTotals.withLock { $0[key] = total } }
        let start = writer.byteCount
        let consumers: [any ArrivalConsumer] = [digest, arrivalConsumer].compactMap { $0 }
        do {
            for consumer in consumers { try consumer.catchUp(to: start, fileAt: writer.files.dataPath) }
        } catch {
            accepted.response.body.cancel()
            try? writer.close()
            throw error
        }
        let progress = LockedState((received: start, reported: start))
        observer.transfer(of: part.id, didUpdate: TransferProgress(completedBytes: start, totalBytes: total))
        let (partID, observer, limit) = (part.id, observer, configuration.maximumByteCount)
        let body = accepted.response.body
        let backlogLimit = body.bufferLimit ?? MemoryBudget.current.transferBufferLimit
        let flow = BodyReadingFlow()
        writer.setBacklogHandler { flow.setFull($0) }
        let chunkObserver = (observer as? any ChunkObserver).flatMap { $0.observesChunks ? $0 : nil }
        do {
            // Each chunk is handed to the writer where it arrives (URLSessionTransport: its
            // delegate callback, shared by every download of its session), so nothing waits in
            // memory for this task to be scheduled. The writer never waits for the disk there:
            // when it is behind, this body stops reading (`flow`) where the transport can, and
            // the transfer is stopped and resumed from the written bytes past the buffer limit.
            try await body.deliver(flow: flow) { chunk in
                watchdog.touch()
                let count = progress.withLock { $0.received } + Int64(chunk.count)
                if let total, count > total { throw RemotePartError.overlong(received: count, expected: total) }
                if count > limit { throw RemotePartError.tooLarge(byteCount: count, limit: limit) }
                let backlog = writer.backlogByteCount
                if backlog > backlogLimit { throw URLSessionTransport.Error.consumerTooSlow(bufferedBytes: backlog) }
                do throws(ContentStoreError) {
                    try writer.append(chunk)
                } catch {
                    throw RemotePartError.storeFailed(error)
                }
                for consumer in consumers { consumer.update(chunk) }
                chunkObserver?.transfer(
                    of: partID, didReceive: chunk, at: count - Int64(chunk.count), totalBytes: total)
                // Progress every 256 KiB (and at the end): the coordinator throttles it anyway.
                let due = progress.withLock { state -> Bool in
                    state.received = count
                    guard count - state.reported >= 256 << 10 || count == total else { return false }
                    state.reported = count
                    return true
                }
                if due {
                    observer.transfer(of: partID, didUpdate: TransferProgress(completedBytes: count, totalBytes: total))
                }
            }
        } catch {
            accepted.response.body.cancel()
            // A failed last checkpoint only means a relaunch resumes from an earlier one; the
            // body's own error is the one to report.
            try? writer.close()
            throw await failure(error, received: progress.withLock { $0.received }, total: total)
        }
        let received = progress.withLock { $0.received }
        if let total, received < total {
            try? writer.close()
            throw RemotePartError.truncated(received: received, expected: total)
        }
        return try await finish(writer, byteCount: received, check: check, digest: digest)
    }

    /// What the observer consumes of the bytes as they arrive, if anything (see ``ArrivalObserver``).
    private var arrivalConsumer: (any ArrivalConsumer)? {
        (observer as? any ArrivalObserver)?.arrivalConsumer ?? nil
    }

    /// Whether `total` can be the resource's length: the part's declared size, the length seen
    /// earlier in this process, and the length recorded with the kept bytes (after a relaunch).
    private func matchesKnownTotal(_ total: Int64, partial: PartialDownload?) -> Bool {
        if let declared = part.byteCount, declared != total { return false }
        if let recorded = partial?.source.totalByteCount, recorded != total { return false }
        if let known = knownTotals.withLock({ $0[key] }), known != total { return false }
        return total <= configuration.maximumByteCount
    }

    private func refuseIfTooLarge(_ total: Int64, _ response: HTTPResponse) throws {
        guard total > configuration.maximumByteCount else { return }
        response.body.cancel()
        throw RemotePartError.tooLarge(byteCount: total, limit: configuration.maximumByteCount)
    }

    private func status(_ head: HTTPResponse.Head) -> RemotePartError {
        .httpStatus(
            HTTPStatusError(statusCode: head.statusCode, retryAfterHeader: head.headers["Retry-After"], url: head.url))
    }
}
