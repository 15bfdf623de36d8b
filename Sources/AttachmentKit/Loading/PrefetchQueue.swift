/// The prefetcher's books: messages waiting in order, messages running, and whether the last
/// work has ended since the drain was last reported.
struct PrefetchQueue {
    /// A message's identity: its parts' ids in order.
    struct Key: Hashable {
        let partIDs: [PartID]

        init(_ parts: [any MessagePart]) { partIDs = parts.map(\.id) }
    }

    /// A message to fetch: its parts and the size its cell shows it at, if given.
    struct Message {
        let parts: [any MessagePart]
        let displayedPixelSize: PixelSize?

        /// Whether this message's size may need a larger rendition than `other`'s: no size (or an
        /// empty one) asks for the original, the most; a size asks for more than another one it
        /// covers in both dimensions. Sizes that neither covers keep the first.
        func asksForMore(than other: Message) -> Bool {
            guard let size = displayedPixelSize, !size.isEmpty else {
                return other.displayedPixelSize.map { !$0.isEmpty } ?? false
            }
            guard let otherSize = other.displayedPixelSize, !otherSize.isEmpty else { return false }
            return size != otherSize && size.width >= otherSize.width && size.height >= otherSize.height
        }
    }

    /// A message being fetched: the number of its task and the priority of its downloads.
    struct Running {
        let number: Int
        let control: DownloadPriorityControl

        /// Sets the priority at once (the last change wins), then moves the running downloads.
        @MainActor
        func setPriority(_ priority: DownloadPriority, coordinator: DownloadCoordinator) {
            control.setPriority(priority)
            Task { await control.applyPriority(in: coordinator) }
        }
    }

    private var order: [Key] = []
    private var head = 0
    private var waiting: [Key: Message] = [:]
    private var running: [Key: Running] = [:]
    private var hasWork = false

    var waitingCount: Int { waiting.count }
    var runningCount: Int { running.count }
    var runningValues: Dictionary<Key, Running>.Values { running.values }

    /// Queues a message unless it is running already. One already waiting keeps its place and
    /// takes the new size when that asks for more (``Message/asksForMore(than:)``).
    mutating func enqueue(_ message: Message) {
        let key = Key(message.parts)
        guard running[key] == nil else { return }
        if let queued = waiting[key] {
            if message.asksForMore(than: queued) { waiting[key] = message }
            return
        }
        waiting[key] = message
        order.append(key)
        hasWork = true
    }

    /// The oldest waiting message, taken off the queue.
    mutating func dequeue() -> (Key, Message)? {
        while head < order.count {
            let key = order[head]
            head += 1
            if let message = waiting.removeValue(forKey: key) {
                compact()
                return (key, message)
            }
        }
        compact()
        return nil
    }

    mutating func markRunning(_ key: Key, _ prefetch: Running) { running[key] = prefetch }

    func isRunning(_ key: Key, number: Int) -> Bool { running[key]?.number == number }

    /// Drops a message, waiting or running; returns it when it was running.
    mutating func remove(_ key: Key) -> Running? {
        waiting[key] = nil
        return running.removeValue(forKey: key)
    }

    /// Drops every message; returns the running ones.
    mutating func removeAll() -> [Running] {
        defer {
            waiting.removeAll()
            running.removeAll()
            order.removeAll()
            head = 0
        }
        return Array(running.values)
    }

    /// A task ended: returns whether it was still its message's running task.
    mutating func finish(_ key: Key, number: Int) -> Bool {
        guard isRunning(key, number: number) else { return false }
        running[key] = nil
        return true
    }

    /// Whether work was queued and all of it has ended (not yet reported).
    var isDrained: Bool { hasWork && waiting.isEmpty && running.isEmpty }

    /// Whether everything has ended since work was last queued; `true` once per drain.
    mutating func takeDrained() -> Bool {
        guard isDrained else { return false }
        hasWork = false
        return true
    }

    /// Forgets the part of the order already taken, once it is most of it.
    private mutating func compact() {
        guard head > 64, head * 2 > order.count else { return }
        order.removeFirst(head)
        head = 0
    }
}
