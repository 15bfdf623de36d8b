import AttachmentKit
import Foundation

/// A `@MainActor` screen that sends a composed attachment's parts in one call, as the seed's
/// composer screen does. Compiled in Swift 6 mode: if `upload(message:priority:to:)` stops being
/// callable from the main actor, the package's tests no longer build.
@MainActor
final class SendViewController {
    /// Where each part went, once sent.
    private(set) var sent: [UploadCoordinator.UploadedPart] = []
    private let endpoint: URL

    init(endpoint: URL) {
        self.endpoint = endpoint
    }

    /// Sends `attachment`'s parts to the tus endpoint, the size part with a plain PUT.
    func send(_ attachment: AttachmentComposer.OutgoingAttachment, with uploads: UploadCoordinator) async throws {
        let endpoint = endpoint
        sent = try await uploads.upload(message: attachment.parts, priority: .high) { part in
            part.mimeType == .imageSize ? .put(endpoint.appendingPathComponent(part.id.rawValue)) : .tus(endpoint)
        }
    }
}
