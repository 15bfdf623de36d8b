import Foundation

/// The folders of downloaders' scratch stores in the temporary directory: named
/// `AttachmentKit-RemoteParts-<UUID>`, removed when their downloader goes, and, for those a
/// process left behind (one that exited without releasing its downloader, as the shared one
/// never is), removed by the next process that makes one.
enum RemoteScratchFolders {
    /// What every scratch folder's name starts with.
    static let prefix = "AttachmentKit-RemoteParts-"

    /// How old an unlocked scratch folder must be to count as abandoned: a store opening in
    /// another process creates its folder a moment before it locks it.
    static let abandonedAge: TimeInterval = 60

    /// A new scratch folder's location (not created); the first call in a process also removes
    /// abandoned folders.
    static func makeLocation() -> URL {
        _ = sweptAtFirstUse
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)\(UUID().uuidString)", isDirectory: true)
    }

    private static let sweptAtFirstUse: Void = {
        removeAbandoned(
            in: FileManager.default.temporaryDirectory, olderThan: abandonedAge, now: SystemTransferClock().date)
    }()

    /// Removes the scratch folders in `directory` that no store holds (their lock is free) and
    /// that were last changed more than `age` seconds before `now`.
    static func removeAbandoned(
        in directory: URL, olderThan age: TimeInterval, now: Date, fileSystem: any StoreFileSystem = POSIXFileSystem()
    ) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            guard
                let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate]
                    as? Date,
                now.timeIntervalSince(modified) > age
            else { continue }
            let layout = StoreLayout(root: folder.standardizedFileURL.path)
            // Held while removing, so that no store opens the folder meanwhile.
            guard let lock = try? fileSystem.lockFile(atPath: layout.lock) else { continue }
            try? FileManager.default.removeItem(at: folder)
            fileSystem.unlockFile(lock)
        }
    }
}
