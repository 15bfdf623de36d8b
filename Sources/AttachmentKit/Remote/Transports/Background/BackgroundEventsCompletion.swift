#if canImport(Darwin)
/// The completion handler the system gave the app for a background session's events, kept on
/// the main actor (where the app delegate receives it and where it must be called) until the
/// session has delivered them. Apple platforms only.
@MainActor
final class BackgroundEventsCompletion {
    private var handler: (() -> Void)?
    /// Whether the session said it had delivered its events before the handler arrived.
    private var eventsDelivered = false

    nonisolated init() {}

    /// Keeps `handler`, or calls it at once when the events were already delivered.
    func keep(_ handler: @escaping () -> Void) {
        guard !eventsDelivered else {
            eventsDelivered = false
            handler()
            return
        }
        self.handler = handler
    }

    /// The session delivered its events: calls the handler, or remembers it for when it comes.
    func eventsWereDelivered() {
        guard let handler else {
            eventsDelivered = true
            return
        }
        self.handler = nil
        handler()
    }
}
#endif
