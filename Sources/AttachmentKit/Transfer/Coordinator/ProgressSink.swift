import Foundation

/// The observer a part's download reports to, for one attempt.
final class ProgressSink: ChunkObserver {
    private let transfer: Transfer
    private let attempt: Int
    private let diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)?

    init(transfer: Transfer, attempt: Int, diagnostics: (@Sendable (DownloadCoordinator.Diagnostic) -> Void)?) {
        self.transfer = transfer
        self.attempt = attempt
        self.diagnostics = diagnostics
    }

    /// A JPEG's chunks are read for displayable prefixes; no other part's are.
    var observesChunks: Bool { transfer.part.mimeType.isJPEG }

    func transfer(of partID: PartID, didReceive chunk: Data, at offset: Int64, totalBytes: Int64?) {
        transfer.received(chunk, at: offset, totalBytes: totalBytes, attempt: attempt)
    }

    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {
        if let error = transfer.report(progress, attempt: attempt) {
            diagnostics?(.illegalTransition(transfer.part.id, reason: error.description))
        }
    }
}
