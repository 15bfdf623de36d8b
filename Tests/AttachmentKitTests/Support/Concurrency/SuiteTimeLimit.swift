import Testing

/// A suite's time limit: Swift Testing's `.timeLimit` for each of its tests where the system
/// has it (macOS 13, iOS 16, tvOS 16, watchOS 9), none before.
///
/// A suite type can't be marked `@available` (swift-testing #608), so `.timeLimit`, which needs
/// those versions, can't be written on a suite whose deployment target is older; a test can
/// carry its own under `@available`. The limits here are for hangs: minutes that no loaded
/// machine needs (see `Tests/README.md`).
enum SuiteTimeLimit {
    static func minutes(_ minutes: Int) -> any SuiteTrait {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return TimeLimitTrait.timeLimit(.minutes(minutes))
        }
        return Comment(rawValue: "no time limit before macOS 13, iOS 16, tvOS 16 and watchOS 9")
    }
}
