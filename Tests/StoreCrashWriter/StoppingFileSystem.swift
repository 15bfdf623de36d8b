import AttachmentKit
import Foundation

/// The store's own file system (``POSIXFileSystem``), except that it can stop the process dead at a chosen call: the
/// `stopCall`-th call that changes the disk (create, write, truncate, flush, rename, remove)
/// made during change number `stopChange` or later. There it prints "stopped" and waits
/// forever, so that the test's SIGKILL lands exactly before that call, in the middle of a
/// change, whatever the machine's load.
///
/// The chosen call may be made by the store's background work (the checksum of an ingested
/// file is computed, and the file flushed, after `storeFile` returns), while the main loop goes
/// on: so once stopped, the main loop stops too at its next line, and "stopped" stays the last
/// line printed, with the change it interrupted the one last begun.
final class StoppingFileSystem: StoreFileSystem, @unchecked Sendable {  // its counters are behind `lock`
    private let base = POSIXFileSystem()
    private let stopChange: Int
    private let stopCall: Int
    /// The changes begun, whether one is under way, and the calls counted towards the stop.
    private let lock = NSLock()
    private var changes = 0
    private var inChange = false
    private var calls = 0
    private var stopped = false

    init(stopChange: Int, stopCall: Int) {
        self.stopChange = stopChange
        self.stopCall = stopCall
    }

    /// Marks the start of the main loop's next change.
    func beginChange() {
        lock.withLock {
            changes += 1
            inChange = true
        }
    }

    /// Marks the end of the change under way, or waits to be killed if a call stopped during it.
    func endChange() {
        let stop = lock.withLock {
            inChange = false
            return stopped
        }
        if stop { waitToBeKilled() }
    }

    /// Never returns: the test kills the process.
    private func waitToBeKilled() -> Never {
        while true { sleep(60) }
    }

    /// Stops here if this is the chosen call, or if another thread has stopped at it.
    private func changingCall() {
        let (stop, first) = lock.withLock {
            if stopped { return (true, false) }
            guard inChange, changes >= stopChange else { return (false, false) }
            calls += 1
            stopped = calls >= stopCall
            return (stopped, stopped)
        }
        guard stop else { return }
        if first { FileHandle.standardOutput.write(Data("stopped\n".utf8)) }
        waitToBeKilled()
    }

    func createDirectory(atPath path: String) throws(FileSystemError) { try base.createDirectory(atPath: path) }

    func createFile(atPath path: String) throws(FileSystemError) -> Int32 {
        changingCall()
        return try base.createFile(atPath: path)
    }

    func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32 {
        try base.openForUpdate(atPath: path)
    }

    func openForReading(atPath path: String) throws(FileSystemError) -> Int32 {
        try base.openForReading(atPath: path)
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
        changingCall()
        try base.write(descriptor, bytes, path: path)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileSystemError)
        -> Int
    { try base.read(descriptor, into: buffer, path: path) }

    func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError) {
        try base.seek(descriptor, to: offset, path: path)
    }

    func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError) {
        changingCall()
        try base.truncate(descriptor, to: length, path: path)
    }

    func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError) {
        changingCall()
        try base.synchronize(descriptor, path: path)
    }

    func synchronizeDirectory(atPath path: String) { base.synchronizeDirectory(atPath: path) }

    func close(_ descriptor: Int32) { base.close(descriptor) }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        changingCall()
        try base.rename(source, to: destination)
    }

    func removeFile(atPath path: String) -> Bool {
        changingCall()
        return base.removeFile(atPath: path)
    }

    func sizeOfFile(atPath path: String) -> Int64? { base.sizeOfFile(atPath: path) }

    func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64 {
        try base.sizeOfFile(descriptor, path: path)
    }

    func lockFile(atPath path: String) throws(FileSystemError) -> Int32 { try base.lockFile(atPath: path) }

    func unlockFile(_ descriptor: Int32) { base.unlockFile(descriptor) }

    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        try base.contentsOfDirectory(atPath: path)
    }

    func setLabel(_ label: [UInt8], on descriptor: Int32) -> Bool { base.setLabel(label, on: descriptor) }

    func label(atPath path: String) -> [UInt8]? { base.label(atPath: path) }
}
