extension TransferProgress {
    /// How often observers hear about progress: at most once per ``fractionStep`` of the whole
    /// and at most once per ``minimumInterval`` seconds, whichever allows fewer callbacks.
    ///
    /// The final 100 % and the terminal state are never throttled. When the total size is
    /// unknown only the interval applies. A value held back by the interval is not replayed
    /// later on its own; the next report in a later step (or the final one) brings it up to date.
    public struct Throttle: Sendable, Equatable {
        /// The smallest change in ``TransferProgress/fractionCompleted`` worth a callback:
        /// progress is delivered when it enters a new step (0.01: once per percent; 0: no limit).
        public var fractionStep: Double
        /// The shortest time between two progress callbacks to one observer, in seconds.
        public var minimumInterval: Double

        /// Creates a throttle. A step that is not finite is treated as 0.01, and one outside 0–1
        /// is clamped to it; an interval that is negative or not finite is treated as 0.
        public init(fractionStep: Double = 0.01, minimumInterval: Double = 0.05) {
            self.fractionStep = fractionStep.isFinite ? min(max(fractionStep, 0), 1) : 0.01
            self.minimumInterval = minimumInterval.isFinite && minimumInterval > 0 ? minimumInterval : 0
        }

        /// One callback per percent and at most twenty a second.
        public static let `default` = TransferProgress.Throttle()

        /// Every report is delivered.
        public static let none = TransferProgress.Throttle(fractionStep: 0, minimumInterval: 0)

        /// The step `progress` falls in, or `nil` when its total is unknown or there are no
        /// steps. No bytes is step 0 whatever the total; the complete transfer has a step of its
        /// own, above every other.
        func step(of progress: TransferProgress) -> Int? {
            if progress.isComplete { return Int.max }
            if progress.completedBytes == 0 { return 0 }
            guard let fraction = progress.fractionCompleted, fractionStep > 0 else { return nil }
            let step = (fraction / fractionStep).rounded(.down)
            return step < Double(Int.max - 1) ? Int(step) : Int.max - 1
        }
    }
}

/// What one listener has been told, and whether a new report may be told too.
struct ThrottleGate: Sendable {
    private(set) var lastStep: Int?
    private(set) var lastTime: Double?
    private(set) var hasDelivered = false

    /// Whether progress in `step` at `now` passes the throttle for this listener; records it
    /// when it does. The complete transfer always passes, once.
    mutating func admit(step: Int?, at now: Double, throttle: TransferProgress.Throttle) -> Bool {
        if step == Int.max {
            guard lastStep != Int.max else { return false }
        } else if hasDelivered {
            if let step, let lastStep, step <= lastStep { return false }
            // A nanosecond of slack, so that an interval measured in floating point counts as
            // elapsed when it is.
            if let lastTime, now - lastTime < throttle.minimumInterval - 1e-9 { return false }
        }
        lastStep = step
        lastTime = now
        hasDelivered = true
        return true
    }
}

/// The transfer-wide check in front of every listener's gate: lets through only progress in
/// a step not offered before (every report when the total is unknown). It remembers the byte
/// count where the next step begins, so that most reports cost one comparison.
struct StepFilter: Sendable {
    private var offeredStep: Int?
    private var hasOffered = false
    private var total: Int64?
    private var nextStepBytes: Int64 = 0

    mutating func admits(_ progress: TransferProgress, throttle: TransferProgress.Throttle) -> Bool {
        if let total, progress.totalBytes == total, progress.completedBytes < nextStepBytes { return false }
        let step = throttle.step(of: progress)
        if hasOffered, let step, let offeredStep, step <= offeredStep { return false }
        hasOffered = true
        offeredStep = step
        total = nil
        if let step, step < Int.max - 1, let totalBytes = progress.totalBytes, throttle.fractionStep > 0 {
            // One byte early, so that rounding never skips a step; the step check above decides.
            let boundary = (Double(step + 1) * throttle.fractionStep * Double(totalBytes)).rounded(.down)
            if boundary < Double(Int64.max) {
                total = totalBytes
                nextStepBytes = Int64(boundary) - 1
            }
        }
        return true
    }
}
