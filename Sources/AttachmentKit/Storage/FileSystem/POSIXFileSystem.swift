#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, through the C library: no `FileManager` on the hot paths, so that a
/// lookup is one `stat` and a write is the calls it needs and no more.
package struct POSIXFileSystem: StoreFileSystem {
    /// Whether ``synchronize(_:path:)`` flushes the drive's cache on Apple platforms
    /// (`F_FULLFSYNC`) or only orders the file's writes before later ones (`F_BARRIERFSYNC`).
    /// Linux has no barrier: `fsync` does what its file system does either way.
    package let flushesDriveCache: Bool

    package init(flushesDriveCache: Bool = true) {
        self.flushesDriveCache = flushesDriveCache
    }

    package func createDirectory(atPath path: String) throws(FileSystemError) {
        if mkdir(path, 0o700) == 0 { return }
        let code = errno
        if code == EEXIST {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw FileSystemError(operation: "mkdir", path: path, code: ENOTDIR)
            }
            return
        }
        guard code == ENOENT else { throw FileSystemError(operation: "mkdir", path: path, code: code) }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard !parent.isEmpty, parent != path else { throw FileSystemError(operation: "mkdir", path: path, code: code) }
        try createDirectory(atPath: parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw FileSystemError(operation: "mkdir", path: path, code: errno)
        }
    }

    package func createFile(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, operation: "create")
    }

    package func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_RDWR | O_CREAT | O_CLOEXEC, operation: "open")
    }

    package func openForReading(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_RDONLY | O_CLOEXEC, operation: "open")
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
        guard var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, address, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "write", path: path, code: errno)
            }
            remaining -= written
            address += written
        }
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String)
        throws(FileSystemError)
        -> Int
    {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileSystemError(operation: "read", path: path, code: errno) }
        }
    }

    package func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw FileSystemError(operation: "seek", path: path, code: errno)
        }
    }

    package func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw FileSystemError(operation: "truncate", path: path, code: errno)
        }
    }

    package func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError) {
        #if canImport(Darwin)
        // On Apple platforms fsync leaves data in the drive's cache; F_FULLFSYNC flushes it, and
        // F_BARRIERFSYNC sends the data with a barrier, so that no later write reaches the
        // medium before it, without waiting for a flush. Where neither is supported, fsync.
        if fcntl(descriptor, flushesDriveCache ? F_FULLFSYNC : F_BARRIERFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "fsync", path: path, code: errno) }
    }

    package func synchronizeDirectory(atPath path: String) {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        systemClose(descriptor)
    }

    package func close(_ descriptor: Int32) {
        systemClose(descriptor)
    }

    package func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard systemRename(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: source, code: errno)
        }
    }

    package func removeFile(atPath path: String) -> Bool {
        unlink(path) == 0
    }

    package func sizeOfFile(atPath path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    package func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(operation: "stat", path: path, code: errno) }
        return Int64(status.st_size)
    }

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
        while Darwin.flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
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
        while Darwin.flock(descriptor, LOCK_UN) != 0 && errno == EINTR {}
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

    package func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else {
            throw FileSystemError(operation: "opendir", path: path, code: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Read in place, up to its terminating zero: copying `d_name` as a value would read
            // all of its declared size (1024 bytes on Darwin), past the end of a short entry.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private func open(_ path: String, _ flags: Int32, operation: String) throws(FileSystemError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, flags, 0o600)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw FileSystemError(operation: operation, path: path, code: errno) }
        }
    }
}

// The C functions under names that don't collide with this type's methods.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ address: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, address, count)
}
private func systemRead(_ descriptor: Int32, _ address: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, address, count)
}
private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
