import Foundation

extension UploadCoordinator {
    /// Keeps what is needed to resume uploads across a crash or a relaunch, in a folder of its own:
    /// for each part a record (``UploadCoordinator/PendingUpload``, replaced atomically as the partial downloads'
    /// state files are: staging file, flush, rename, folder flush) and the journal's own copy of the
    /// part's file (a hard link where the file system allows, a copy otherwise), so that a picker's
    /// temporary file may go.
    ///
    /// The copy belongs to the journal, not to a ``ContentStore``: no eviction touches it. It is
    /// released when the part is sent; what remains then is a small record of where the part went,
    /// so that a message sent again does not send it twice.
    ///
    /// One process uses a folder at a time.
    public final class Journal: Sendable {
        /// The journal's folder.
        package let directory: URL
        private let fileSystem: any StoreFileSystem
        private let synchronizes: Bool

        /// Opens (creating if needed) the journal in `directory`.
        ///
        /// - Parameters:
        ///   - directory: The journal's folder.
        ///   - synchronizes: Whether records are flushed to the drive before they count (`true`,
        ///     the crash-safe default).
        /// - Throws: ``UploadCoordinator/Journal/Error/cannotWrite(_:reason:)`` when the folder can't be
        ///   created.
        public convenience init(directory: URL, synchronizes: Bool = true) throws(UploadCoordinator.Journal.Error) {
            try self.init(directory: directory, fileSystem: POSIXFileSystem(), synchronizes: synchronizes)
        }

        init(directory: URL, fileSystem: any StoreFileSystem, synchronizes: Bool) throws(UploadCoordinator.Journal
            .Error)
        {
            self.directory = directory
            self.fileSystem = fileSystem
            self.synchronizes = synchronizes
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(directory, reason: error.localizedDescription)
            }
        }

        /// Starts keeping an upload of `partID` from `content`: the journal's copy of the file and a
        /// record at offset 0. An upload already kept for the part is returned as it is.
        func adopt(
            _ partID: PartID, mimeType: MIMEType, content: PartContent, destination: UploadCoordinator.Destination
        ) throws(UploadCoordinator.Journal.Error) -> UploadCoordinator.PendingUpload {
            if let kept = pendingUpload(for: partID), kept.destination == destination { return kept }
            let source = path(partID, "source")
            _ = fileSystem.removeFile(atPath: source)
            do {
                switch content {
                case .data(let data):
                    try data.write(to: URL(fileURLWithPath: source))
                case .file(let url):
                    if link(url.path, source) != 0 {
                        try FileManager.default.copyItem(at: url, to: URL(fileURLWithPath: source))
                    }
                }
            } catch {
                throw .cannotWrite(URL(fileURLWithPath: source), reason: error.localizedDescription)
            }
            let byteCount = fileSystem.sizeOfFile(atPath: source) ?? 0
            let pending = UploadCoordinator.PendingUpload(
                partID: partID, mimeType: mimeType.description, source: URL(fileURLWithPath: source),
                byteCount: byteCount, destination: destination)
            try record(pending)
            return pending
        }

        /// Records `pending` (after the server confirmed a step) crash-safely.
        func record(_ pending: UploadCoordinator.PendingUpload) throws(UploadCoordinator.Journal.Error) {
            try write(Entry(pending: pending), for: pending.partID)
        }

        /// Records that `part` is uploaded, and releases the file kept for it.
        func complete(_ part: UploadCoordinator.UploadedPart) throws(UploadCoordinator.Journal.Error) {
            try write(Entry(uploaded: Uploaded(part)), for: part.partID)
            _ = fileSystem.removeFile(atPath: path(part.partID, "source"))
        }

        /// Forgets everything about `partID`: its record and its file.
        public func forget(_ partID: PartID) {
            _ = fileSystem.removeFile(atPath: path(partID, "upload"))
            _ = fileSystem.removeFile(atPath: path(partID, "source"))
        }

        /// The upload kept for `partID` and not finished, if any.
        public func pendingUpload(for partID: PartID) -> UploadCoordinator.PendingUpload? {
            entry(at: path(partID, "upload"))?.pending
        }

        /// Where `partID` went, when its upload finished.
        public func uploadedPart(for partID: PartID) -> UploadCoordinator.UploadedPart? {
            entry(at: path(partID, "upload"))?.uploaded?.part
        }

        /// Every upload kept and not finished, in no particular order.
        public var pendingUploads: [UploadCoordinator.PendingUpload] {
            let names = (try? fileSystem.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".upload") }.compactMap {
                entry(at: directory.appendingPathComponent($0).path)?.pending
            }
        }

        /// One record file: an upload in progress or a finished one.
        private struct Entry: Codable {
            var pending: UploadCoordinator.PendingUpload?
            var uploaded: Uploaded?
        }

        private struct Uploaded: Codable {
            var partID: PartID
            var remoteURL: URL
            var byteCount: Int64
            init(_ part: UploadCoordinator.UploadedPart) {
                (partID, remoteURL, byteCount) = (part.partID, part.remoteURL, part.byteCount)
            }
            var part: UploadCoordinator.UploadedPart {
                UploadCoordinator.UploadedPart(partID: partID, remoteURL: remoteURL, byteCount: byteCount)
            }
        }

        private func write(_ entry: Entry, for partID: PartID) throws(UploadCoordinator.Journal.Error) {
            let target = path(partID, "upload")
            do {
                let bytes = try [UInt8](JSONEncoder().encode(entry))
                try fileSystem.replaceFile(
                    atPath: target, with: bytes, stagingPath: target + ".\(UUID().uuidString).staged",
                    directory: directory.path, synchronizes: synchronizes)
            } catch {
                throw .cannotWrite(URL(fileURLWithPath: target), reason: String(describing: error))
            }
        }

        /// A record; `nil` when it is absent or damaged (the upload then starts again).
        private func entry(at path: String) -> Entry? {
            (try? fileSystem.readFile(atPath: path)).flatMap { try? JSONDecoder().decode(Entry.self, from: Data($0)) }
        }

        /// The file of `partID` with `suffix`, named by the SHA-256 of the identity (so any
        /// identity makes a safe name).
        private func path(_ partID: PartID, _ suffix: String) -> String {
            directory.appendingPathComponent("\(SHA256.hash(Data(partID.rawValue.utf8)).hex).\(suffix)").path
        }
    }
}

extension UploadCoordinator.Journal {
    /// Why a ``UploadCoordinator/Journal`` could not keep an upload.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A file of the journal could not be written.
        case cannotWrite(URL, reason: String)

        public var description: String {
            switch self {
            case .cannotWrite(let url, let reason): "can't write the upload journal's \(url.path): \(reason)"
            }
        }
    }
}
