#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, through the C library: no `FileManager` on the hot paths, so that a
/// lookup is one `stat` and a write is the calls it needs and no more.
struct POSIXFileSystem: StoreFileSystem {
    func createDirectory(atPath path: String) throws(FileSystemError) {
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

    func createFile(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, operation: "create")
    }

    func openForUpdate(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_RDWR | O_CREAT | O_CLOEXEC, operation: "open")
    }

    func openForReading(atPath path: String) throws(FileSystemError) -> Int32 {
        try open(path, O_RDONLY | O_CLOEXEC, operation: "open")
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(FileSystemError) {
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

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(FileSystemError)
        -> Int
    {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileSystemError(operation: "read", path: path, code: errno) }
        }
    }

    func seek(_ descriptor: Int32, to offset: Int64, path: String) throws(FileSystemError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw FileSystemError(operation: "seek", path: path, code: errno)
        }
    }

    func truncate(_ descriptor: Int32, to length: Int64, path: String) throws(FileSystemError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw FileSystemError(operation: "truncate", path: path, code: errno)
        }
    }

    func synchronize(_ descriptor: Int32, path: String) throws(FileSystemError) {
        #if canImport(Darwin)
        // On Apple platforms fsync leaves data in the drive's cache; F_FULLFSYNC flushes it.
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "fsync", path: path, code: errno) }
    }

    func synchronizeDirectory(atPath path: String) {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        systemClose(descriptor)
    }

    func close(_ descriptor: Int32) {
        systemClose(descriptor)
    }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard systemRename(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: source, code: errno)
        }
    }

    func removeFile(atPath path: String) -> Bool {
        unlink(path) == 0
    }

    func sizeOfFile(atPath path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    func sizeOfFile(_ descriptor: Int32, path: String) throws(FileSystemError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(operation: "stat", path: path, code: errno) }
        return Int64(status.st_size)
    }

    func lockFile(atPath path: String) throws(FileSystemError) -> Int32 {
        let descriptor = try open(path, O_RDWR | O_CREAT | O_CLOEXEC, operation: "open")
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            systemClose(descriptor)
            throw FileSystemError(operation: "stat", path: path, code: code)
        }
        let identity = FileIdentity(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
        // Within the process: POSIX record locks belong to the process, so they can't tell two
        // stores of one process apart.
        let claimed = Self.lockedFiles.withLock { locked in
            guard !locked.values.contains(identity) else { return false }
            locked[descriptor] = identity
            return true
        }
        guard claimed else {
            systemClose(descriptor)
            throw FileSystemError(operation: "lock", path: path, code: EWOULDBLOCK)
        }
        // Across processes: a record lock, which a child process does not inherit (a lock
        // that it did would outlive the store while the child starts).
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else {
            let code = errno
            unlockFile(descriptor)
            throw FileSystemError(
                operation: "lock", path: path, code: code == EACCES || code == EAGAIN ? EWOULDBLOCK : code)
        }
        return descriptor
    }

    func unlockFile(_ descriptor: Int32) {
        Self.lockedFiles.withLock { _ = $0.removeValue(forKey: descriptor) }
        systemClose(descriptor)
    }

    /// A file by device and inode, whatever path leads to it.
    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The files this process has locked, by descriptor.
    private static let lockedFiles = LockedState<[Int32: FileIdentity]>([:])

    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else {
            throw FileSystemError(operation: "opendir", path: path, code: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
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
