#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The store directory's lock: an exclusive lock on an open file description, refused at once
/// when this process already holds the file.
extension POSIXFileSystem {
    package func lockFile(atPath path: String) throws(FileSystemError) -> Int32 {
        // A store of this process already holds the file: refuse without opening a second
        // descriptor to it at all.
        var existing = stat()
        if stat(path, &existing) == 0, Self.lockedFiles.withLock({ $0.values.contains(FileIdentity(existing)) }) {
            throw FileSystemError(operation: "lock", path: path, code: EWOULDBLOCK)
        }
        let descriptor = try open(path, O_RDWR | O_CREAT | O_CLOEXEC, operation: "open")
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            systemClose(descriptor)
            throw FileSystemError(operation: "stat", path: path, code: code)
        }
        // The lock belongs to this open file description (not to the process, as a POSIX
        // record lock would): a second description of the same file, in this process or
        // another, is refused, and closing one never releases the lock another holds.
        let code = Self.lockExclusively(descriptor)
        guard code == 0 else {
            systemClose(descriptor)
            throw FileSystemError(operation: "lock", path: path, code: code)
        }
        Self.lockedFiles.withLock { $0[descriptor] = FileIdentity(status) }
        return descriptor
    }

    package func unlockFile(_ descriptor: Int32) {
        Self.lockedFiles.withLock { _ = $0.removeValue(forKey: descriptor) }
        // Unlocked explicitly, not by closing: a child process this process is starting holds
        // a copy of every descriptor (and so of the open file description) until it executes
        // its program, and the lock would outlast the close until then.
        Self.unlock(descriptor)
        systemClose(descriptor)
    }

    /// Takes an exclusive lock on the open file description of `descriptor` without waiting;
    /// returns 0, `EWOULDBLOCK` when it is held elsewhere, or another error number.
    private static func lockExclusively(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        // `flock` locks belong to the open file description on Darwin.
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno != EINTR { return errno == EAGAIN ? EWOULDBLOCK : errno }
        }
        return 0
        #else
        // Linux's open-file-description record locks (`F_OFD_SETLK`).
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_pid = 0
        while fcntl(descriptor, openFileDescriptionLock, &lock) != 0 {
            let code = errno
            if code != EINTR { return code == EACCES || code == EAGAIN ? EWOULDBLOCK : code }
        }
        return 0
        #endif
    }

    /// Releases the lock ``lockExclusively(_:)`` took on the open file description of
    /// `descriptor`.
    private static func unlock(_ descriptor: Int32) {
        #if canImport(Darwin)
        while flock(descriptor, LOCK_UN) != 0 && errno == EINTR {}
        #else
        var lock = flock()
        lock.l_type = Int16(F_UNLCK)
        lock.l_whence = Int16(SEEK_SET)
        while fcntl(descriptor, openFileDescriptionLock, &lock) != 0 && errno == EINTR {}
        #endif
    }

    /// A file by device and inode, whatever path leads to it.
    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    #if !canImport(Darwin)
    /// Linux's `F_OFD_SETLK`, which the C headers define only under `_GNU_SOURCE`.
    private static let openFileDescriptionLock: Int32 = 37
    #endif

    /// The lock files this process holds, by descriptor.
    private static let lockedFiles = LockedState<[Int32: FileIdentity]>([:])
}
