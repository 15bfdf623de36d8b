import Foundation

/// A ``ContentStore`` that also keeps partial downloads, so that an HTTP transport can resume
/// one after a relaunch instead of starting again.
///
/// A transport asks for ``partialDownload(for:)``; if there is one it requests the rest with
/// `Range` and `If-Range`, then opens a writer with ``openPartialDownload(for:validator:source:resumingAt:)``
/// at the kept byte count (on `206 Partial Content`) or at zero (on `200 OK`), appends each
/// chunk, and finally calls ``completePartialDownload(for:expectedByteCount:)`` to make the
/// bytes the key's content.
package protocol PartialDownloadStore: ContentStore {
    /// The resumable partial download kept for `key`, or `nil` when there is none.
    func partialDownload(for key: ContentKey) async -> PartialDownload?

    /// Opens the partial download of `key` for appending, from `offset`.
    ///
    /// An `offset` of zero starts again (discarding what was kept); a larger `offset`
    /// continues a kept download, which must have the same `validator` and at least `offset`
    /// bytes. Opening closes any writer already open for `key`.
    ///
    /// - Parameters:
    ///   - key: The key the content will be stored under.
    ///   - validator: The response's validator; `nil` when it had none, in which case the
    ///     bytes are not offered for resuming after a relaunch.
    ///   - source: The response's final URL and the whole resource's length, recorded with the
    ///     bytes so that a resume after a relaunch can refuse a rest of another size.
    ///   - offset: Where the bytes about to be appended start.
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when the download can't be
    ///   resumed at `offset` or its file can't be opened.
    func openPartialDownload(
        for key: ContentKey, validator: RemotePart.Validator?, source: PartialDownloadSource, resumingAt offset: Int64
    ) async throws(ContentStoreError) -> PartialDownloadWriter

    /// Makes the partial download of `key` the key's content, without copying it, and
    /// returns the stored content.
    ///
    /// - Parameters:
    ///   - key: The key whose download is complete.
    ///   - expectedByteCount: The size the server announced, if any; a download of another
    ///     size is not stored.
    /// - Throws: ``ContentStoreError/writeFailed(_:reason:)`` when there is no partial
    ///   download, it has the wrong size, or it can't be stored;
    ///   ``ContentStoreError/entryTooLarge(_:byteCount:limit:)`` when it is larger than the
    ///   store accepts. On failure the partial download is kept.
    @discardableResult
    func completePartialDownload(for key: ContentKey, expectedByteCount: Int64?)
        async throws(ContentStoreError) -> PartContent

    /// Removes the partial download of `key`, if any, closing its writer.
    func discardPartialDownload(for key: ContentKey) async

    /// A new path (no file yet) in the store's staging folder, for a private file that becomes
    /// an entry through ``storeStagingFile(at:for:)`` or is removed: the plaintext of an
    /// ``EncryptedPart`` while it is decrypted. What a crash leaves there is removed when the
    /// store next opens.
    func newStagingFileURL() -> URL

    /// Makes the file at `url`, a path from ``newStagingFileURL()``, the content of `key` by
    /// rename, and returns the stored content. On failure the file is removed.
    ///
    /// - Throws: ``ContentStoreError`` as ``ContentStore/storeFile(at:for:)`` does.
    @discardableResult
    func storeStagingFile(at url: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent
}

extension PartialDownloadStore {
    /// Opens the partial download of `key` with no known source; see
    /// ``openPartialDownload(for:validator:source:resumingAt:)``.
    package func openPartialDownload(for key: ContentKey, validator: RemotePart.Validator?, resumingAt offset: Int64)
        async throws(ContentStoreError) -> PartialDownloadWriter
    {
        try await openPartialDownload(
            for: key, validator: validator, source: PartialDownloadSource(), resumingAt: offset)
    }
}

/// What a ``PartialDownloadStore`` holds of an interrupted download: enough to ask the server
/// for the rest (`Range: bytes=<byteCount>-` with `If-Range: <validator>`) and to refuse a
/// rest of another size.
package struct PartialDownload: Sendable, Hashable {
    /// The key the content will be stored under.
    package var key: ContentKey
    /// The bytes kept, all flushed to disk.
    package var byteCount: Int64
    /// The version of the resource the bytes belong to.
    package var validator: RemotePart.Validator
    /// Where the bytes came from and the whole resource's length, when the response said.
    package var source: PartialDownloadSource

    /// Creates a description of a partial download.
    package init(
        key: ContentKey, byteCount: Int64, validator: RemotePart.Validator,
        source: PartialDownloadSource = PartialDownloadSource()
    ) {
        self.key = key
        self.byteCount = byteCount
        self.validator = validator
        self.source = source
    }
}

/// The response a partial download's bytes belong to: its final URL (after redirects) and the
/// length of the whole resource, each `nil` when unknown. Kept in the download's state file.
package struct PartialDownloadSource: Sendable, Hashable {
    /// The URL that answered, after redirects.
    package var url: URL?
    /// The length of the whole resource (`Content-Length` of a 200, the total of a 206's
    /// `Content-Range`).
    package var totalByteCount: Int64?

    package init(url: URL? = nil, totalByteCount: Int64? = nil) {
        self.url = url
        self.totalByteCount = totalByteCount
    }
}
