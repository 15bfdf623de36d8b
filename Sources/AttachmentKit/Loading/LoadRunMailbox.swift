/// The events of one loader run on their way to the main actor.
///
/// The run's task, off the main actor, posts each event here in order and goes on at once; the
/// main actor takes them in one job for all the events posted while it was busy (a placeholder
/// and the preview after it cost one visit, not two). Lock: the mailbox's own, never held while
/// delivering.
final class LoadRunMailbox: Sendable {
    /// What a run posts: whether it leaves the original to a request, its events, then
    /// its end.
    enum Item: Sendable {
        case awaitsRequest(Bool)
        case event(AttachmentResolver.Event)
        case end
    }

    private struct State {
        var items: [Item] = []
        var isScheduled = false
    }

    private let state = LockedState(State())
    private let deliver: @MainActor @Sendable ([Item]) -> Void

    /// A mailbox whose items are handed to `deliver`, on the main actor, in the order posted.
    init(deliver: @escaping @MainActor @Sendable ([Item]) -> Void) {
        self.deliver = deliver
    }

    /// Posts `item`, scheduling a visit of the main actor unless one is already due.
    func post(_ item: Item) {
        let schedules = state.withLock { state in
            state.items.append(item)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        if schedules { Task { @MainActor in self.deliverPosted() } }
    }

    @MainActor private func deliverPosted() {
        let items = state.withLock { state in
            state.isScheduled = false
            defer { state.items.removeAll(keepingCapacity: true) }
            return state.items
        }
        deliver(items)
    }
}
