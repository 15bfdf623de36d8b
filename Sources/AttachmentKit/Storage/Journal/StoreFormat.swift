/// The format version of a ``FileContentStore``'s directory, kept in its `format` file, so
/// that a version of AttachmentKit that can't read a directory refuses it instead of
/// misreading it (and discarding what it doesn't understand).
///
/// - 1: the journal without name records (no `format` file).
/// - 2: name records beside each put, entry labels (``EntryLabel``), and the `format` file.
///
/// Versions before 2 don't read the file: opening a format-2 directory with one of them stops
/// reading the journal at the first name record and loses the entries after it.
enum StoreFormat {
    /// The version this code writes, and the newest it reads.
    static let current = 2
    /// What the file holds before the version number; never changes.
    private static let prefix = "AttachmentKit.FileContentStore format "

    /// The version the `format` file in `layout` records: `nil` when there is none or it is
    /// unreadable (a directory of format 1, or damage; either is read as this version).
    static func recorded(in layout: StoreLayout, fileSystem: any StoreFileSystem) -> Int? {
        guard let bytes = try? fileSystem.readFile(atPath: layout.format), bytes.count < 256,
            case let text = String(decoding: bytes, as: UTF8.self), text.hasPrefix(prefix)
        else { return nil }
        return Int(text.dropFirst(prefix.count).prefix { $0 != "\n" })
    }

    /// Records ``current`` in the `format` file, atomically (a new file renamed over it).
    static func record(in layout: StoreLayout, fileSystem: any StoreFileSystem, synchronizes: Bool)
        throws(FileSystemError)
    {
        let path = layout.format + ".new"
        fileSystem.removeFile(atPath: path)
        let descriptor = try fileSystem.createFile(atPath: path)
        do throws(FileSystemError) {
            defer { fileSystem.close(descriptor) }
            try fileSystem.write(descriptor, Array((prefix + "\(current)\n").utf8), path: path)
            if synchronizes { try fileSystem.synchronize(descriptor, path: path) }
        } catch {
            fileSystem.removeFile(atPath: path)
            throw error
        }
        do throws(FileSystemError) {
            try fileSystem.rename(path, to: layout.format)
        } catch {
            fileSystem.removeFile(atPath: path)
            throw error
        }
    }
}
