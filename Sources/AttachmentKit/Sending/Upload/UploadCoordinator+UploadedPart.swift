import Foundation

extension UploadCoordinator {
    /// A part whose upload is complete: where it went.
    public struct UploadedPart: Sendable, Hashable {
        /// The part.
        public let partID: PartID
        /// Where the server keeps it: the tus upload URL, a plain upload's `Location` or its URL.
        public let remoteURL: URL
        /// The bytes uploaded.
        public let byteCount: Int64
        /// Where the upload resumed, when it resumed one kept from an earlier attempt or launch
        /// (the offset the server confirmed); `nil` when it started at zero.
        public let resumedAt: Int64?

        /// Creates a description of an uploaded part.
        package init(partID: PartID, remoteURL: URL, byteCount: Int64, resumedAt: Int64? = nil) {
            self.partID = partID
            self.remoteURL = remoteURL
            self.byteCount = byteCount
            self.resumedAt = resumedAt
        }
    }
}
