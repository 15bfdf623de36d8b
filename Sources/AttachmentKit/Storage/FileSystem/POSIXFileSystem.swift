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

    /// Opens `path`, retrying when a signal interrupts the call.
    func open(_ path: String, _ flags: Int32, operation: String) throws(FileSystemError) -> Int32 {
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
func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
