/// How far a transfer has come: bytes completed and, when known, the total.
public struct TransferProgress: Sendable, Equatable, CustomStringConvertible {
    /// Bytes transferred so far; never negative.
    public let completedBytes: Int64
    /// The size of the whole transfer, or `nil` when the server has not said.
    public let totalBytes: Int64?
    /// In the progress of an ``AttachmentResolver``'s events for a progressive JPEG, the latest
    /// prefix of the download that shows the picture so far (see ``TransferProgress/DisplayablePrefix``): a new
    /// one comes at once in a progress event of its own, and the later progress events carry it
    /// on. `nil` before the first scan is complete, for every other download, and in every
    /// ``ProgressObserver`` callback.
    public var displayablePrefix: TransferProgress.DisplayablePrefix?

    /// Creates a progress value. Negative counts are clamped to zero, a negative total is
    /// treated as unknown, and a known total is raised to at least `completedBytes`.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        let completed = max(0, completedBytes)
        self.completedBytes = completed
        if let totalBytes, totalBytes >= 0 {
            self.totalBytes = max(totalBytes, completed)
        } else {
            self.totalBytes = nil
        }
    }

    /// Progress before any byte has arrived, with the total if it is known.
    package static func zero(totalBytes: Int64?) -> TransferProgress {
        TransferProgress(completedBytes: 0, totalBytes: totalBytes)
    }

    /// The fraction done, from 0 to 1, or `nil` when the total is unknown. A transfer of
    /// zero bytes is complete (1).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return Double(completedBytes) / Double(totalBytes)
    }

    /// Whether every byte of a known total has arrived.
    public var isComplete: Bool { totalBytes.map { completedBytes >= $0 } ?? false }

    public var description: String {
        guard let totalBytes else { return "\(completedBytes) bytes" }
        return "\(completedBytes) of \(totalBytes) bytes"
    }
}
