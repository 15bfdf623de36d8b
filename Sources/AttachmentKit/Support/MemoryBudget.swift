import Foundation

/// How much memory the defaults may take in this process: scaled by the device's memory
/// (`ProcessInfo.physicalMemory`) and the kind of process, since an app extension (a
/// notification service, a widget: jetsam limits of tens of megabytes) or an Apple Watch app
/// can't afford what an iPhone app can.
///
/// | Process | Memory tier | Per-transfer buffer |
/// | --- | --- | --- |
/// | App (iOS, tvOS, macOS, Linux) | physical memory / 64, from 16 to 64 MiB | 16 MiB (8 MiB below 2 GiB) |
/// | App extension (`.appex`) | physical memory / 512, from 4 to 8 MiB | 4 MiB |
/// | watchOS | physical memory / 64, from 4 to 16 MiB | 4 MiB |
struct MemoryBudget: Equatable, Sendable {
    /// The kinds of process whose budgets differ.
    enum ProcessKind: Equatable, Sendable {
        case app
        case appExtension
        case watch
    }

    let physicalMemory: UInt64
    let kind: ProcessKind

    /// This process's budget.
    static let current = MemoryBudget(physicalMemory: ProcessInfo.processInfo.physicalMemory, kind: currentKind)

    private static var currentKind: ProcessKind {
        #if os(watchOS)
        return .watch
        #else
        return Bundle.main.bundlePath.hasSuffix(".appex") ? .appExtension : .app
        #endif
    }

    /// The memory tier's byte-cost limit.
    var memoryTierCostLimit: Int64 {
        let mebibyte: UInt64 = 1 << 20
        let (divisor, floor, ceiling): (UInt64, UInt64, UInt64) =
            switch kind {
            case .app: (64, 16 * mebibyte, 64 * mebibyte)
            case .appExtension: (512, 4 * mebibyte, 8 * mebibyte)
            case .watch: (64, 4 * mebibyte, 16 * mebibyte)
            }
        return Int64(min(ceiling, max(floor, physicalMemory / divisor)))
    }

    /// The most bytes of body that may wait to be written, per transfer.
    var transferBufferLimit: Int {
        switch kind {
        case .app: physicalMemory >= 2 << 30 ? 16 << 20 : 8 << 20
        case .appExtension, .watch: 4 << 20
        }
    }
}
