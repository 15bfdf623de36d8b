import Foundation

/// Plans the stripping of a file: sniffs its type from its first bytes and runs the planner of
/// its format over a reader that loads the file piece by piece, never whole.
enum MetadataPlanning {
    /// What stripping a file will do.
    struct PlannedStrip {
        /// The kinds of personal metadata the file carries.
        let found: PersonalMetadata
        /// The kinds the edits remove.
        let removed: PersonalMetadata
        /// The edits, sorted and not overlapping.
        let edits: [ByteEdit]
        /// The file's length when it was planned.
        let byteCount: Int
    }

    /// How many bytes of a file are sniffed.
    private static let sniffedLength = 512

    /// The plan that removes `removing` from the file at `url`.
    ///
    /// - Throws: ``MetadataStripper/Error``, for a file that can't be read, of a type the
    ///   stripper doesn't read, or damaged where it is read.
    static func plan(fileAt url: URL, removing: PersonalMetadata) throws(MetadataStripper.Error) -> PlannedStrip {
        guard url.isFileURL else { throw .notAFileURL(url) }
        let type: FileType
        do throws(ImageInspector.Error) {
            let file = try FileChunkLoader(url: url, limit: Int.max)
            let prefix = try file.load(at: 0, minimumCount: min(file.count, sniffedLength), format: nil)
            type = FileType(sniffing: prefix)
            if case .image(let format) = type {
                var reader = ByteReader(file: file, format: format, readLimit: Int.max)
                var plan = MetadataPlan(removing: removing)
                try ImageMetadataPlanner.plan(&reader, &plan)
                guard let edits = ByteEdit.sorted(plan.edits) else {
                    throw ImageInspector.Error.malformed(format, reason: "two metadata structures share bytes")
                }
                return PlannedStrip(found: plan.found, removed: plan.removed, edits: edits, byteCount: reader.count)
            }
        } catch {
            switch error {
            case .notAFileURL: throw .notAFileURL(url)
            case .unreadable(_, let reason): throw .unreadable(url, reason: reason)
            default: throw .malformedImage(url, error)
            }
        }
        guard case .isoMedia(let format) = type else { throw .unsupported(url, type) }
        return try planMedia(fileAt: url, format: format, removing: removing)
    }

    /// The plan for an ISO media file (a video or an audio file).
    private static func planMedia(
        fileAt url: URL, format: ISOMediaHeader.Format, removing: PersonalMetadata
    ) throws(MetadataStripper.Error) -> PlannedStrip {
        do throws(ISOMediaInspector.Error) {
            let file = try FileChunkLoader(url: url, limit: Int.max, failure: ISOMediaInspector.Error.self)
            try file.load(
                at: 0, minimumCount: min(file.count, sniffedLength), subject: format,
                failure: ISOMediaInspector.Error.self)
            var reader = ISOMediaParser.Reader(file: file, format: format, readLimit: Int.max)
            var plan = MetadataPlan(removing: removing)
            try MovieMetadataPlanner.plan(&reader, &plan, topLevelEnd: reader.count)
            guard let edits = ByteEdit.sorted(plan.edits) else {
                throw ISOMediaInspector.Error.malformed(format, reason: "two metadata boxes share bytes")
            }
            return PlannedStrip(found: plan.found, removed: plan.removed, edits: edits, byteCount: reader.count)
        } catch {
            switch error {
            case .notAFileURL: throw .notAFileURL(url)
            case .unreadable(_, let reason): throw .unreadable(url, reason: reason)
            default: throw .malformedMedia(url, error)
            }
        }
    }
}
