import Foundation

extension UploadCoordinator {
    /// A part whose upload is complete: where it went.
    public struct UploadedPart: Sendable, Equatable {
        /// The part.
        public let partID: PartID
        /// Where the server keeps it: the tus upload URL, a plain upload's `Location` or its URL.
        public let remoteURL: URL
        /// The bytes uploaded.
        public let byteCount: Int64
        /// Where the upload resumed, when it resumed one kept from an earlier attempt or launch
        /// (the offset the server confirmed); `nil` when it started at zero.
        public let resumedAt: Int64?
        /// The start of the server's answer to a plain `PUT` or `POST` (at most
        /// ``HTTPStatusError/maximumBodyByteCount`` bytes), for servers that name the stored file in
        /// it, as Matrix's `{"content_uri": "mxc://…"}`; `nil` for tus uploads.
        public let responseBody: Data?

        /// Creates a description of an uploaded part.
        package init(
            partID: PartID, remoteURL: URL, byteCount: Int64, resumedAt: Int64? = nil, responseBody: Data? = nil
        ) {
            self.partID = partID
            self.remoteURL = remoteURL
            self.byteCount = byteCount
            self.resumedAt = resumedAt
            self.responseBody = responseBody
        }
    }
}
