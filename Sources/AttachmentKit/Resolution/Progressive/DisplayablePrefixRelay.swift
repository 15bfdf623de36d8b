/// Sends one original download's progress and displayable prefixes as the events'
/// ``AttachmentResolver/Event/progress(_:partID:)``: a new prefix at once, in an event of its own, and
/// the latest one carried on in every later progress event. Progress that the transfer's
/// throttled stream delivers after a prefix event with more bytes is dropped, so that the
/// byte counts never go back. Lock: its own, then the emitter's.
final class DisplayablePrefixRelay: Sendable {
    private struct State {
        var latest: TransferProgress.DisplayablePrefix?
        var completedBytes: Int64 = 0
    }

    private let partID: PartID
    private let emitter: ResolutionEmitter
    private let state = LockedState(State())

    init(partID: PartID, emitter: ResolutionEmitter) {
        self.partID = partID
        self.emitter = emitter
    }

    /// A new prefix, with the progress of the chunk that completed it.
    func received(_ progress: TransferProgress) {
        state.withLock { state in
            state.latest = progress.displayablePrefix
            state.completedBytes = max(state.completedBytes, progress.completedBytes)
            emitter.send(.progress(progress, partID: partID))
        }
    }

    /// Progress from the transfer's stream, with the latest prefix added.
    func send(_ progress: TransferProgress) {
        state.withLock { state in
            guard progress.completedBytes >= state.completedBytes else { return }
            state.completedBytes = progress.completedBytes
            var progress = progress
            progress.displayablePrefix = state.latest
            emitter.send(.progress(progress, partID: partID))
        }
    }
}
