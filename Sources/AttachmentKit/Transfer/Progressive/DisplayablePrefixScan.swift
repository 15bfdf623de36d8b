import Foundation

/// Finds the displayable prefixes of one JPEG download as its chunks arrive: a
/// ``JPEGScanIndex`` over the chunks, and a copy of the bytes so far to cut each prefix from.
///
/// The bytes are kept only while they can still give a prefix: a sequential frame, a file
/// that is not a JPEG, a gap in the offsets or a file longer than ``maximumByteCount`` ends
/// the scan and frees them, and a progressive one's are freed at its end-of-image marker.
struct DisplayablePrefixScan {
    /// The longest download whose prefixes are reported: 64 MiB held in memory at most.
    static let maximumByteCount = 64 << 20

    private var index = JPEGScanIndex()
    private var bytes = Data()
    private var nextOffset: Int64 = 0
    /// Whether the scan has ended: nothing more is read or kept.
    private(set) var isFinished = false

    /// A scan of a download of `totalBytes` (when known) that starts at offset 0.
    init(totalBytes: Int64?) {
        if let totalBytes, totalBytes > 0, totalBytes <= Self.maximumByteCount, let count = Int(exactly: totalBytes) {
            bytes.reserveCapacity(count)
        }
    }

    /// Reads the chunk at `offset`; returns the new prefix it completes, if any (the longest
    /// when it completes several scans).
    mutating func append(_ chunk: Data, at offset: Int64) -> TransferProgress.DisplayablePrefix? {
        guard !isFinished else { return nil }
        guard offset == nextOffset, bytes.count + chunk.count <= Self.maximumByteCount else {
            finish()
            return nil
        }
        nextOffset += Int64(chunk.count)
        bytes.append(chunk)
        let completed = index.append(chunk)
        var prefix: TransferProgress.DisplayablePrefix?
        if completed > 0, let length = index.displayablePrefixLengths.last {
            prefix = TransferProgress.DisplayablePrefix(
                data: bytes.subdata(in: 0..<length), scanCount: index.displayablePrefixLengths.count)
        }
        if index.isFinished || index.isProgressive == false { finish() }
        return prefix
    }

    private mutating func finish() {
        isFinished = true
        bytes = Data()
    }
}
