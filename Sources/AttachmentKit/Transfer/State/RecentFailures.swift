/// The last failure of each of the most recently failed parts, for
/// ``DownloadCoordinator/state(of:)``: a bounded map, oldest failure forgotten first.
struct RecentFailures {
    /// How many parts' failures are kept.
    static let capacity = 1024

    private var errors: [PartID: DownloadError] = [:]
    private var order: [PartID] = []

    subscript(partID: PartID) -> DownloadError? {
        get { errors[partID] }
        set {
            if errors[partID] != nil { order.removeAll { $0 == partID } }
            errors[partID] = newValue
            guard newValue != nil else { return }
            order.append(partID)
            if order.count > Self.capacity { errors[order.removeFirst()] = nil }
        }
    }
}
