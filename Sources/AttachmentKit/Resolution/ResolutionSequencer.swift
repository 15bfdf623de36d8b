/// Puts the results of a message's concurrent part fetches in the order
/// ``ResolutionEvent`` promises: the placeholder first (later events wait for it), no
/// preview or progress after the full resolution.
struct ResolutionSequencer {
    private var awaitingPlaceholder: Bool
    private var held: [ResolutionEvent] = []
    private var deliveredFullResolution = false

    /// A sequencer that holds events back until ``placeholderSettled(_:)`` when
    /// `awaitingPlaceholder` (the size part is being fetched).
    init(awaitingPlaceholder: Bool) {
        self.awaitingPlaceholder = awaitingPlaceholder
    }

    /// The size step is over: with the placeholder, a failure, or nothing. Returns it and
    /// every event held back.
    mutating func placeholderSettled(_ event: ResolutionEvent?) -> [ResolutionEvent] {
        guard awaitingPlaceholder else { return event.map { [$0] } ?? [] }
        awaitingPlaceholder = false
        var ready = event.map { [$0] } ?? []
        for held in held { ready += receive(held) }
        held.removeAll()
        return ready
    }

    /// Takes an event that is not the placeholder and returns what may be sent now.
    mutating func receive(_ event: ResolutionEvent) -> [ResolutionEvent] {
        if awaitingPlaceholder {
            if case .progress = event, case .progress? = held.last { held.removeLast() }
            held.append(event)
            return []
        }
        switch event {
        case .preview, .progress:
            return deliveredFullResolution ? [] : [event]
        case .fullResolution:
            deliveredFullResolution = true
            return [event]
        case .placeholder, .failed:
            return [event]
        }
    }
}
