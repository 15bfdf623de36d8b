import AttachmentKit
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into a call of `onInterrupt` while it is installed, so that a
/// download is cancelled cleanly (its partial kept) instead of the process dying.
final class InterruptHandler: Sendable {
    private let source: LockedState<(any DispatchSourceSignal)?>

    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
        self.source = LockedState(source)
    }

    /// Restores the default handling of SIGINT.
    func remove() {
        source.withLock { source in
            source?.cancel()
            source = nil
        }
        signal(SIGINT, SIG_DFL)
    }
}
