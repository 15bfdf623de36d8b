import Foundation

extension AttachmentComposer {
    /// A copy of the original without what ``metadataPolicy`` removes.
    struct StrippedOriginal {
        let url: URL
        let removed: PersonalMetadata
    }

    /// Writes the original at `url` without what ``metadataPolicy`` removes into `directory` as
    /// `<id>.original.<ext>`; `nil` when there is nothing to remove, and the picked file is sent.
    func strippedOriginal(
        of url: URL, format: ImageFormat, id: String, directory: URL
    ) throws(AttachmentComposer.Error) -> StrippedOriginal? {
        guard !metadataPolicy.removed.isEmpty else { return nil }
        let output = directory.appendingPathComponent(Self.fileName(id, "original." + format.fileExtensions[0]))
        do throws(MetadataStripper.Error) {
            let plan = try MetadataPlanning.plan(fileAt: url, removing: metadataPolicy.removed)
            guard !plan.edits.isEmpty else { return nil }
            try SplicedCopy.write(from: url, byteCount: plan.byteCount, edits: plan.edits, to: output)
            return StrippedOriginal(url: output, removed: plan.removed)
        } catch {
            switch error {
            case .notAFileURL: throw .notAFileURL(url)
            case .unreadable(_, let reason): throw .unreadable(url, reason: reason)
            case .cannotWrite(let target, let reason): throw .cannotWrite(target, reason: reason)
            default: throw .metadataNotRemoved(url, error)
            }
        }
    }
}
