/// The limits a response must keep to: its length against the part's and the configuration's,
/// and against the limit of a download nobody asked for.
extension RemoteDownload {
    /// Whether `total` can be the resource's length: the part's declared size, the length seen
    /// earlier in this process, and the length recorded with the kept bytes (after a relaunch).
    func matchesKnownTotal(_ total: Int64, partial: PartialDownload?) -> Bool {
        if let declared = part.byteCount, declared != total { return false }
        if let recorded = partial?.source.totalByteCount, recorded != total { return false }
        if let known = knownTotals.withLock({ $0[key] }), known != total { return false }
        return total <= configuration.maximumByteCount
    }

    /// Stops a response whose announced length is over the configuration's limit, before its body.
    func refuseIfTooLarge(_ total: Int64, _ response: HTTPResponse) throws {
        guard total > configuration.maximumByteCount else { return }
        response.body.cancel()
        throw RemotePartError.tooLarge(byteCount: total, limit: configuration.maximumByteCount)
    }

    /// The error of a response whose status is no success.
    func status(_ head: HTTPResponse.Head) -> RemotePartError {
        .httpStatus(
            HTTPStatusError(statusCode: head.statusCode, retryAfterHeader: head.headers["Retry-After"], url: head.url))
    }

    /// The observer that may limit the download (``ChunkObserver/automaticByteLimit``), if any.
    var automaticLimitObserver: (any ChunkObserver)? { observer as? any ChunkObserver }

    /// Stops a response whose announced length is over the automatic limit, before its body and
    /// before anything is written: a kept partial stays as it was.
    func refuseIfOverAutomaticLimit(_ total: Int64, _ response: HTTPResponse) throws {
        guard let limit = automaticLimitObserver?.automaticByteLimit, total > limit else { return }
        response.body.cancel()
        throw RemotePartError.exceedsAutomaticDownloadLimit(byteCount: total, limit: limit)
    }
}
