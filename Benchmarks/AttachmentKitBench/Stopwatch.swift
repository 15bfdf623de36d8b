import Dispatch

/// A monotonic stopwatch that works on every deployment target (`ContinuousClock` needs
/// macOS 13 / iOS 16): started when created, read with ``seconds``.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    /// The seconds since the stopwatch was created.
    var seconds: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
