// Upload in a background URLSession on Apple platforms: the system goes on sending while the
// app is suspended or after it was terminated. Written for Apple platforms; AttachmentKit's CI
// builds on Linux, where this snippet compiles to nothing (FoundationNetworking has no
// background sessions).
#if canImport(Darwin)
import AttachmentKit
import Foundation

// At launch, before any upload: one transport for the identifier, and the coordinator and
// journal that use it (the journal in Application Support, which is not purged).
let outbox = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    .appendingPathComponent("Outbox", isDirectory: true)
let background = BackgroundUploadTransport(identifier: "com.example.chat.uploads")
let uploads = UploadCoordinator(transport: background, journal: try UploadCoordinator.Journal(directory: outbox))

// Finish what the last launch left: each upload joins the system's task still running for it.
for result in await uploads.resumePendingUploads() { print(result) }

// From the UIApplicationDelegate's
// application(_:handleEventsForBackgroundURLSession:completionHandler:):
@MainActor func handleEventsForBackgroundURLSession(_ identifier: String, completionHandler: @escaping () -> Void) {
    background.handleEvents(forBackgroundURLSession: identifier, completionHandler: completionHandler)
}
#endif
