import Foundation

extension UploadCoordinator {
    /// What is needed to resume an upload, kept crash-safely by ``UploadCoordinator/Journal``: the part,
    /// the file its bytes come from, where it goes, the tus upload URL once created and the last
    /// offset the server confirmed.
    public struct PendingUpload: Sendable, Equatable, Codable {
        /// The part being uploaded.
        public var partID: PartID
        /// Its media type, as declared.
        public var mimeType: String
        /// The file the bytes are read from: the journal's own copy of the part's file.
        public var source: URL
        /// The file's size when the upload started.
        public var byteCount: Int64
        /// Where it goes.
        public var destination: UploadCoordinator.Destination
        /// The tus upload's URL, once the server created it.
        public var uploadURL: URL?
        /// The last offset the server confirmed (tus `Upload-Offset`); 0 for a plain upload.
        public var confirmedOffset: Int64
        /// The source's modification time when the upload started, when it was read: a file
        /// rewritten in place since (the journal's hard link follows the original), even to the
        /// same size, is not resumed. `nil` in records written before it was kept.
        var sourceModificationDate: Date?

        /// Creates a record of an upload not started yet.
        package init(
            partID: PartID, mimeType: String, source: URL, byteCount: Int64, destination: UploadCoordinator.Destination,
            uploadURL: URL? = nil, confirmedOffset: Int64 = 0
        ) {
            self.partID = partID
            self.mimeType = mimeType
            self.source = source
            self.byteCount = byteCount
            self.destination = destination
            self.uploadURL = uploadURL
            self.confirmedOffset = confirmedOffset
        }
    }
}
