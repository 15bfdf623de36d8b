#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileContentStore {
    /// Whether the file at `path` is one of this store's own (an entry, a staged file, a partial
    /// download): its folder is the store's directory or one of its folders.
    ///
    /// Folders are compared by device and inode, not by path: on a case-insensitive volume
    /// (APFS and HFS+ by default) `…/Caches/attachmentkit/entries/…` is the store's file even
    /// though its path doesn't start with the store's spelling, and so is a path through a
    /// symbolic link.
    func isOwnFile(_ path: String) -> Bool {
        if path.hasPrefix(layout.root + "/") { return true }
        guard let slash = path.lastIndex(of: "/"), let folder = Self.identity(String(path[..<slash])) else {
            return false
        }
        return [layout.root, layout.entries, layout.staging, layout.partial].contains { Self.identity($0) == folder }
    }

    /// The device and inode of the file or folder at `path`, following symbolic links.
    private static func identity(_ path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path.isEmpty ? "/" : path, &status) == 0 else { return nil }
        return [UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino)]
    }
}
