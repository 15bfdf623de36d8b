import Foundation

@testable import AttachmentKit

/// The real file system, except for the calls a test tells to fail, and with a count of every
/// call made.
///
/// A failing `write` writes half of its bytes first and then reports `ENOSPC`, as a disk that
/// fills up mid-write does.
final class StorageFaultyFileSystem: StoreFileSystem {
    /// A call to fail: the operation (`"write"`, `"fsync"`, `"rename"`, `"create"`, `"open"`)
    /// and a part of the path it must be given (empty for any path).
    struct Fault: Hashable, Sendable {
        var operation: String
        var pathContaining: String = ""
        var code: Int32 = ENOSPC
    }

    private let base = POSIXFileSystem()
    private let state = LockedState<(faults: Set<Fault>, calls: Int)>(([], 0))

    /// Every call made so far.
    var callCount: Int { state.withLock { $0.calls } }

    /// The `write` calls made so far to paths containing `pathContaining`.
    func writeCount(pathContaining: String) -> Int {
        writes.withLock { $0.filter { $0.contains(pathContaining) }.count }
    }

    private let writes = LockedState<[String]>([])
    private let held = LockedState<(holding: Bool, waiting: Int, pathContaining: String)>((false, 0, ""))
    private let release = DispatchSemaphore(value: 0)

    /// Makes every `write` to a path containing `pathContaining` (any path by default) wait (a
    /// stalled disk) until ``releaseWrites()``.
    func holdWrites(pathContaining: String = "") {
        held.withLock { $0 = (true, $0.waiting, pathContaining) }
    }

    /// The writes waiting in ``holdWrites()``.
    var heldWriteCount: Int { held.withLock { $0.waiting } }

    /// Lets the held writes, and later ones, go on.
    func releaseWrites() {
        let waiting = held.withLock { state in
            defer { state = (false, 0, "") }
            return state.waiting
        }
        for _ in 0..<waiting { release.signal() }
    }

    /// Makes matching calls fail until ``heal()``.
    func fail(_ fault: Fault) { state.withLock { _ = $0.faults.insert(fault) } }

    /// Runs `body` once, just before the next `sizeOfFile(atPath:)` call (the store's check of
    /// an entry on a hit), to change the store while it checks.
    func beforeNextSizeCheck(_ body: @escaping @Sendable () -> Void) {
        pendingSizeCheck.withLock { $0 = body }
    }

    private let pendingSizeCheck = LockedState<(@Sendable () -> Void)?>(nil)

    /// Holds the next listing of a directory whose path ends with `directory` until a size check
    /// of a path containing `trigger` or ``releaseHeldListing()``, so that a test can act while
    /// the store's background work waits at a known point (30 s at most). Release it before the
    /// test ends.
    func holdNextListing(of directory: String, untilSizeCheckOf trigger: String) {
        heldListing.withLock { $0 = HeldListing(directory: directory, trigger: trigger) }
    }

    /// Lets a listing held by ``holdNextListing(of:untilSizeCheckOf:)`` go on (or not wait at all).
    func releaseHeldListing() {
        _ = heldListing.withLock { $0?.gate.signal() }
    }

    private struct HeldListing {
        var directory: String
        var trigger: String
        let gate = DispatchSemaphore(value: 0)
    }

    private let heldListing = LockedState<HeldListing?>(nil)

    /// Lets every call succeed again.
    func heal() { state.withLock { $0.faults.removeAll() } }

    private func check(_ operation: String, _ path: String) throws(FileSystemError) {
        let fault = state.withLock { state in
            state.calls += 1
            return state.faults.first {
                $0.operation == operation && (path.contains($0.pathContaining) || $0.pathContaining.isEmpty)
            }
        }
        if let fault { throw FileSystemError(operation: operation, path: path, code: fault.code) }
    }

    func createDirectory(atPath path: String) throws(FileSystemError) {
        try check("mkdir", path)
        try base.createDirectory(atPath: path)
    }

    func createFile(atPath path: String) throws(FileSystemError) -> Int32 {
        try check("create", path)
        return try base.createFile(atPath: path)
    }

    func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32 {
        try check("open", path)
        return try base.openForUpdate(atPath: path)
    }

    func openForReading(atPath path: String) throws(FileSystemError) -> Int32 {
        try check("open", path)
        return try base.openForReading(atPath: path)
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
        writes.withLock { $0.append(path) }
        if held.withLock({ state in
            let holds = state.holding && (state.pathContaining.isEmpty || path.contains(state.pathContaining))
            if holds { state.waiting += 1 }
            return holds
        }) {
            release.wait()
        }
        do {
            try check("write", path)
        } catch {
            try base.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count / 2)]), path: path)
            throw error
        }
        try base.write(descriptor, bytes, path: path)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileSystemError)
        -> Int
    {
        try check("read", path)
        return try base.read(descriptor, into: buffer, path: path)
    }

    func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError) {
        try check("seek", path)
        try base.seek(descriptor, to: offset, path: path)
    }

    func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError) {
        try check("truncate", path)
        try base.truncate(descriptor, to: length, path: path)
    }

    func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError) {
        try check("fsync", path)
        try base.synchronize(descriptor, path: path)
    }

    func synchronizeDirectory(atPath path: String) {
        state.withLock { $0.calls += 1 }
        base.synchronizeDirectory(atPath: path)
    }

    func close(_ descriptor: Int32) {
        state.withLock { $0.calls += 1 }
        base.close(descriptor)
    }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try check("rename", source + " " + destination)
        try base.rename(source, to: destination)
    }

    func removeFile(atPath path: String) -> Bool {
        state.withLock { $0.calls += 1 }
        return base.removeFile(atPath: path)
    }

    func sizeOfFile(atPath path: String) -> Int64? {
        state.withLock { $0.calls += 1 }
        pendingSizeCheck.withLock { $0.take() }?()
        heldListing.withLock { held in
            if let trigger = held?.trigger, path.contains(trigger) { held?.gate.signal() }
        }
        return base.sizeOfFile(atPath: path)
    }

    func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64 {
        try check("stat", path)
        return try base.sizeOfFile(descriptor, path: path)
    }

    func lockFile(atPath path: String) throws(FileSystemError) -> Int32 {
        try check("lock", path)
        return try base.lockFile(atPath: path)
    }

    func unlockFile(_ descriptor: Int32) {
        state.withLock { $0.calls += 1 }
        base.unlockFile(descriptor)
    }

    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        try check("list", path)
        let gate = heldListing.withLock { held -> DispatchSemaphore? in
            guard let directory = held?.directory, path.hasSuffix(directory) else { return nil }
            held?.directory = "\u{0}"  // the next listing only
            return held?.gate
        }
        // At most 30 s, so that a store that never looks at the trigger can't hang the suite.
        _ = gate?.wait(timeout: .now() + 30)
        return try base.contentsOfDirectory(atPath: path)
    }

    /// Fails (as on a file system without extended attributes) under a `"label"` fault.
    func setLabel(_ label: [UInt8], on descriptor: Int32) -> Bool {
        (try? check("label", "")) != nil && base.setLabel(label, on: descriptor)
    }

    func label(atPath path: String) -> [UInt8]? { base.label(atPath: path) }
}
