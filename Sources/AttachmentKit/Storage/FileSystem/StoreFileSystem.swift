import Dispatch
import Foundation

/// The file-system calls ``FileContentStore`` makes, as a seam: the store uses
/// ``POSIXFileSystem``, tests substitute one that fails on cue (a full disk, a failed flush).
/// Visible to the package (not to clients) so that the crash test's child process can stop at a
/// chosen call.
///
/// Paths are absolute. Every call either does all of its work or throws.
package protocol StoreFileSystem: Sendable {
    /// Creates the directory (and missing parents) with owner-only permissions; succeeds when
    /// it already exists.
    func createDirectory(atPath path: String) throws(FileSystemError)
    /// Creates a new, empty file open for writing; fails if the path exists.
    func createFile(atPath path: String) throws(FileSystemError) -> Int32
    /// Opens an existing file for reading and writing, positioned at its start.
    func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32
    /// Opens a file for reading.
    func openForReading(atPath path: String) throws(FileSystemError) -> Int32
    /// Writes all of `bytes` at the file's current position.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError)
    /// Reads up to `buffer.count` bytes; returns 0 at the end of the file.
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileSystemError)
        -> Int
    /// Moves the file position to `offset`.
    func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError)
    /// Cuts the file to `length` bytes.
    func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError)
    /// Flushes the file's data to the storage device (or, for a file system made to order
    /// writes only, sends it with a barrier before any later write).
    func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError)
    /// Flushes a directory's entries to the storage device; a no-op where directories can't
    /// be opened.
    func synchronizeDirectory(atPath path: String)
    /// Closes a descriptor.
    func close(_ descriptor: Int32)
    /// Renames a file, replacing any file at `destination`.
    func rename(_ source: String, to destination: String) throws(FileSystemError)
    /// Removes a file; returns `false` when there was none.
    @discardableResult
    func removeFile(atPath path: String) -> Bool
    /// The size of the file at `path`, or `nil` when there is no regular file there.
    func sizeOfFile(atPath path: String) -> Int64?
    /// The size of an open file.
    func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64
    /// Opens (creating) the file at `path` and takes an exclusive advisory lock on it, held
    /// until ``unlockFile(_:)``; fails with `EWOULDBLOCK` when this or another process holds
    /// it. The lock belongs to the open file description, so nothing else this process opens
    /// or closes can release it.
    func lockFile(atPath path: String) throws(FileSystemError) -> Int32
    /// Releases a lock taken by ``lockFile(atPath:)`` and closes its descriptor.
    func unlockFile(_ descriptor: Int32)
    /// The names in a directory (without `.` and `..`).
    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String]
    /// Attaches an ``EntryLabel``'s bytes to the open file (an extended attribute); returns
    /// `false` when it can't (a file system without extended attributes): labels only help
    /// recovery, so a store works without them.
    func setLabel(_ label: [UInt8], on descriptor: Int32) -> Bool
    /// The label attached to the file at `path` (not following a symbolic link), or `nil`.
    func label(atPath path: String) -> [UInt8]?
}

/// A failed file-system call: which call, on which path, and the system's error number.
package struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, such as `"write"`.
    let operation: String
    /// The path it was given.
    let path: String
    /// The `errno` value.
    let code: Int32

    /// The source and destination are on different volumes (`EXDEV`).
    var isCrossDevice: Bool { code == EXDEV }
    /// There is no such file (`ENOENT`).
    var isMissing: Bool { code == ENOENT }
    /// A lock is held elsewhere (`EWOULDBLOCK`).
    var isLocked: Bool { code == EWOULDBLOCK }

    package var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
}

extension StoreFileSystem {
    /// Writes all of `bytes` at the file's current position.
    func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try write(descriptor, buffer, path: path) }
        }.get()
    }

    /// Writes all of `data` at the file's current position.
    func write(_ descriptor: Int32, _ data: Data, path: String) throws(FileSystemError) {
        try data.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try write(descriptor, buffer, path: path) }
        }.get()
    }

    /// Reads from the file's current position until `buffer` is full or the file ends, and
    /// returns how many bytes were read.
    func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
        throws(FileSystemError) -> Int
    {
        var filled = 0
        while filled < buffer.count {
            let count = try read(
                descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: path)
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Reads the whole file at `path`.
    func readFile(atPath path: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = try openForReading(atPath: path)
        defer { close(descriptor) }
        let size = try sizeOfFile(descriptor, path: path)
        // A file larger than `Int` can count (2 GiB where `Int` is 32 bits, watchOS) can't be
        // read into one array: an error, not a trap.
        guard let byteCount = Int(exactly: size) else {
            throw FileSystemError(operation: "read", path: path, code: EFBIG)
        }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        let filled = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(FileSystemError) in try readFully(descriptor, into: buffer, path: path) }
        }.get()
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}

/// Runs blocking file-system work off the Swift concurrency thread pool.
enum StorageIO {
    /// Runs `body` on `queue` and returns its result to the awaiting task.
    ///
    /// `body` is released before the task resumes, so that whatever it captured (a store, and
    /// with it the lock on the store's directory) goes when the caller lets go of it.
    static func run<Value: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Value) async -> Value {
        let pending = LockedState<(@Sendable () -> Value)?>(body)
        return await withCheckedContinuation { continuation in
            queue.async {
                let result = pending.withLock { $0.take() }.map { $0() }
                if let result { continuation.resume(returning: result) }
            }
        }
    }

    /// The queue for work that may run in parallel (staging writes, hashing).
    static var parallel: DispatchQueue { .global(qos: .userInitiated) }

    /// The queue for checksums computed in the background.
    static var background: DispatchQueue { .global(qos: .utility) }
}
