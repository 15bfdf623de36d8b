import Foundation

extension TransferProgress {
    /// The first bytes of a progressive JPEG that is still downloading, up to the end of its last
    /// complete scan: enough to show the picture so far, at the quality those scans give.
    ///
    /// The resolver finds it as the bytes arrive (an index of the JPEG's scans, run on each chunk
    /// as it is written, never reading the file again) and sends each new one with
    /// ``AttachmentResolver/Event/progress(_:partID:)`` in ``TransferProgress/displayablePrefix``;
    /// ``AttachmentLoadState/displayablePrefix`` holds the latest. Only an original's download
    /// of a JPEG for display reports them, and only once its frame header says it is progressive:
    /// a baseline JPEG, another format, a prefetch, a part that a chat SDK downloads itself and a
    /// download resumed from kept bytes report none.
    ///
    /// The bytes are a copy taken as they arrived, not a view of the file being written: the
    /// partial file is not the store's entry yet, may not hold the latest bytes (they are written
    /// in batches) and can be cut back after a failed write, so the prefix never points into it.
    /// Decode ``decodableData`` (the prefix and an end-of-image marker) with any JPEG decoder, or
    /// hand ``data`` to an incremental one (`CGImageSourceUpdateData(source, data, false)` on a
    /// source from `CGImageSourceCreateIncremental`). Each prefix is a few scans longer than the
    /// one before; a view keeps the latest and drops it once the original arrives.
    public struct DisplayablePrefix: Sendable, Equatable {
        /// The bytes from the start of the file to the end of its ``scanCount``-th scan.
        public let data: Data
        /// How many complete scans ``data`` holds, from 1: libjpeg's default progression has 10
        /// for a colour image and 6 for a grey one, and the last one is the whole picture.
        public let scanCount: Int

        /// Creates a prefix of `scanCount` complete scans.
        package init(data: Data, scanCount: Int) {
            self.data = data
            self.scanCount = scanCount
        }

        /// The length of ``data`` in bytes.
        public var byteCount: Int { data.count }

        /// ``data`` followed by an end-of-image marker (`FF D9`): a file that a decoder reading a
        /// whole JPEG shows as far as the prefix's scans go.
        public var decodableData: Data {
            var file = Data(capacity: data.count + 2)
            file.append(data)
            file.append(contentsOf: [0xFF, 0xD9])
            return file
        }
    }
}
