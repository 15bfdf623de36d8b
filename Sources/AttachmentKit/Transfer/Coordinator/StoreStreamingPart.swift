/// A part that downloads straight into a ``PartialDownloadStore`` (streaming to its
/// partial-download file and renaming the result into the entry), so the coordinator stores
/// nothing more, and whose timeouts run on the coordinator's clock.
protocol StoreStreamingPart: MessagePart {
    /// Downloads the content into `store` under `key` (with no store, into one of the part's
    /// own, as ``MessagePart/downloadContent(reportingTo:)`` does), timing it on `clock`, and
    /// returns the stored content.
    func downloadContent(
        into store: (any PartialDownloadStore)?, key: ContentKey, clock: any TransferClock,
        reportingTo observer: any ProgressObserver
    ) async throws -> PartContent

    /// Whether the download stops at the observer's ``ChunkObserver/automaticByteLimit`` (a
    /// `Content-Length` over it before the body, a body growing past it where it does), so that
    /// a part of unknown size may be fetched unasked under that limit.
    var enforcesAutomaticByteLimit: Bool { get }
}

extension StoreStreamingPart {
    var enforcesAutomaticByteLimit: Bool { false }
}

extension ContentStore {
    /// The store that keeps partial downloads behind this one, if any: itself, or the disk
    /// tier of a ``DefaultContentStore``.
    var partialDownloadStore: (any PartialDownloadStore)? {
        if let store = self as? any PartialDownloadStore { return store }
        if let store = self as? DefaultContentStore { return store.backingStore as? any PartialDownloadStore }
        return nil
    }
}
