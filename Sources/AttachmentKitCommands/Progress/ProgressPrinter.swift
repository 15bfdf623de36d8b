import AttachmentKit
import Foundation

/// Prints a download's progress: a live bar with bytes, rate and time left on a terminal,
/// otherwise one line per 10 %.
final class ProgressPrinter: Sendable {
    private let label: String
    private let console: Console
    private let clock: any TransferClock
    private let state: LockedState<State>

    private struct State {
        var startBytes: Int64?
        var startTime = 0.0
        var lastDraw = -Double.infinity
        var lastDecile = -1
        var drewBar = false
    }

    /// Creates a printer for `label`'s download that times its rate and redraws on `clock`.
    init(label: String, console: Console, clock: any TransferClock = SystemTransferClock()) {
        self.label = label
        self.console = console
        self.clock = clock
        self.state = LockedState(State())
    }

    func update(_ progress: TransferProgress) {
        let now = clock.now
        let line: String? = state.withLock { state in
            if state.startBytes == nil {
                state.startBytes = progress.completedBytes
                state.startTime = now
            }
            if console.isTerminal {
                guard now - state.lastDraw >= 0.1 || progress.isComplete else { return nil }
                state.lastDraw = now
                state.drewBar = true
                return "\r"
                    + ProgressLine.bar(
                        label: label, bytes: progress.completedBytes, total: progress.totalBytes,
                        elapsed: now - state.startTime, startBytes: state.startBytes ?? 0)
            }
            guard
                let (tenth, line) = ProgressLine.tenth(
                    label: label, bytes: progress.completedBytes, total: progress.totalBytes,
                    after: state.lastDecile)
            else { return nil }
            state.lastDecile = tenth
            return line
        }
        if let line { console.write(line) }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if state.withLock({ $0.drewBar }) { console.write("\n") }
    }

    /// A byte count in B, KiB, MiB or GiB.
    static func bytes(_ count: Int64) -> String { ProgressLine.bytes(count) }
}
