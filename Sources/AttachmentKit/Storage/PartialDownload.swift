/// What a ``PartialDownloadStore`` holds of an interrupted download: enough to ask the server
/// for the rest (`Range: bytes=<byteCount>-` with `If-Range: <validator>`).
package struct PartialDownload: Sendable, Hashable {
    /// The key the content will be stored under.
    package var key: ContentKey
    /// The bytes kept, all flushed to disk.
    package var byteCount: Int64
    /// The version of the resource the bytes belong to.
    package var validator: ResumeValidator

    /// Creates a description of a partial download.
    package init(key: ContentKey, byteCount: Int64, validator: ResumeValidator) {
        self.key = key
        self.byteCount = byteCount
        self.validator = validator
    }
}
