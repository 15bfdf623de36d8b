/// How soon a caller needs a part: a transfer runs at the highest priority of its callers,
/// and when the coordinator's concurrent-transfer limit is reached, waiting transfers start
/// highest priority first (then first come, first served). ``UploadCoordinator`` uses the same
/// priorities for the uploads that wait for a slot of their host.
public enum DownloadPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Prefetching: content that may be shown soon.
    case low
    /// Content the app wants but nobody is looking at yet.
    case normal
    /// Content on screen now, such as the image the user just opened.
    case high

    /// Whether `lhs` is less urgent than `rhs`.
    public static func < (lhs: DownloadPriority, rhs: DownloadPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The task priority a transfer at this priority starts with.
    var taskPriority: TaskPriority {
        switch self {
        case .low: .utility
        case .normal: .medium
        case .high: .userInitiated
        }
    }
}
