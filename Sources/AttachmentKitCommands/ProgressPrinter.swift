import AttachmentKit
import Foundation

/// Prints a download's progress: a live bar with bytes, rate and time left on a terminal,
/// otherwise one line per 10 %.
final class ProgressPrinter: Sendable {
    private let label: String
    private let console: Console
    private let state: LockedValue<State>

    private struct State {
        var startBytes: Int64?
        var startTime = Date()
        var lastDraw = Date.distantPast
        var lastDecile = -1
        var drewBar = false
    }

    init(label: String, console: Console) {
        self.label = label
        self.console = console
        self.state = LockedValue(State())
    }

    func update(_ progress: TransferProgress) {
        let now = Date()
        let line: String? = state.withLock { state in
            if state.startBytes == nil {
                state.startBytes = progress.completedBytes
                state.startTime = now
            }
            let fraction = progress.fractionCompleted
            if console.isTerminal {
                guard now.timeIntervalSince(state.lastDraw) >= 0.1 || progress.isComplete else { return nil }
                state.lastDraw = now
                state.drewBar = true
                return "\r" + bar(progress, fraction: fraction, state: state, now: now)
            }
            guard let fraction else { return nil }
            let decile = Int(fraction * 10)
            guard decile > state.lastDecile else { return nil }
            state.lastDecile = decile
            return
                "\(label): \(decile * 10) % (\(Self.bytes(progress.completedBytes)) of \(Self.bytes(progress.totalBytes ?? 0)))\n"
        }
        if let line { console.write(line) }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if state.withLock({ $0.drewBar }) { console.write("\n") }
    }

    private func bar(_ progress: TransferProgress, fraction: Double?, state: State, now: Date) -> String {
        let elapsed = max(now.timeIntervalSince(state.startTime), 0.001)
        let rate = Double(progress.completedBytes - (state.startBytes ?? 0)) / elapsed
        var text = "\(label) "
        if let fraction {
            let filled = Int(fraction * 30)
            text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled) + "] "
            text += String(format: "%3d %% ", Int(fraction * 100))
        }
        text += Self.bytes(progress.completedBytes)
        if let total = progress.totalBytes { text += " / " + Self.bytes(total) }
        text += "  " + Self.bytes(Int64(rate)) + "/s"
        if let total = progress.totalBytes, rate > 0 {
            let remaining = Int(Double(total - progress.completedBytes) / rate)
            text += String(format: "  ETA %d:%02d", remaining / 60, remaining % 60)
        }
        return text + "   "
    }

    /// A byte count in B, KiB, MiB or GiB.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }
}

/// A value behind a lock (the library's own lock type is internal to it).
// @unchecked Sendable: `value` is only touched under `lock`.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
