import Foundation

/// A value guarded by one lock: the package's single locking primitive, usable on every
/// deployment target (`Synchronization.Mutex` needs iOS 18 / macOS 15).
///
/// Hold the lock briefly: never across an `await` or a call out to user code.
// @unchecked Sendable: every access to `state` goes through `withLock`, under `lock`.
package final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state and returns its result.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
