import Foundation

/// A new, empty directory under the system's temporary directory, removed when the value is
/// released.
final class StorageTemporaryDirectory: Sendable {
    let url: URL

    init(_ label: String = "store") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("AttachmentKitTests-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func appending(_ component: String) -> URL {
        url.appendingPathComponent(component, isDirectory: false)
    }

    /// The names in a subdirectory (empty when it doesn't exist).
    func names(in subdirectory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(subdirectory).path)) ?? []
    }
}
