import Foundation

/// What a ``PartialDownloadStore`` holds of an interrupted download: enough to ask the server
/// for the rest (`Range: bytes=<byteCount>-` with `If-Range: <validator>`) and to refuse a
/// rest of another size.
package struct PartialDownload: Sendable, Hashable {
    /// The key the content will be stored under.
    package var key: ContentKey
    /// The bytes kept, all flushed to disk.
    package var byteCount: Int64
    /// The version of the resource the bytes belong to.
    package var validator: ResumeValidator
    /// Where the bytes came from and the whole resource's length, when the response said.
    package var source: PartialDownloadSource

    /// Creates a description of a partial download.
    package init(
        key: ContentKey, byteCount: Int64, validator: ResumeValidator,
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
