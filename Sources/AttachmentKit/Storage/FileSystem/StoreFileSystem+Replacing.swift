extension StoreFileSystem {
    /// Replaces the file at `path` with `bytes` so that a crash leaves the old file or the new
    /// one, never a torn one: a staging file at `stagingPath`, flushed, renamed over `path`,
    /// then the directory `directory` flushed (the flushes only when `synchronizes`).
    func replaceFile(
        atPath path: String, with bytes: [UInt8], stagingPath: String, directory: String, synchronizes: Bool
    ) throws(FileSystemError) {
        let descriptor = try createFile(atPath: stagingPath)
        do throws(FileSystemError) {
            try write(descriptor, bytes, path: stagingPath)
            if synchronizes { try synchronize(descriptor, path: stagingPath) }
            close(descriptor)
            try rename(stagingPath, to: path)
        } catch {
            close(descriptor)
            _ = removeFile(atPath: stagingPath)
            throw error
        }
        if synchronizes { synchronizeDirectory(atPath: directory) }
    }
}
