import AttachmentKit
import Foundation

/// The transfer flags of `resolve` and `send`: `--store DIR` (the file store, created if needed;
/// by default `AttachmentKit/CLI` in the user's cache directory) and `--timeout SECONDS` (the idle
/// timeout; 30 s by default); `resolve`'s `--no-download` reports what is not local without
/// fetching it.
struct DownloadOptions: Sendable {
    var storeDirectory: URL
    var idleTimeout: Double
    var downloads: Bool

    /// The default store directory: beside ``DefaultContentStore/defaultDirectory``.
    static var defaultStoreDirectory: URL {
        DefaultContentStore.defaultDirectory.deletingLastPathComponent().appendingPathComponent(
            "CLI", isDirectory: true)
    }

    /// Removes the flags from `arguments`; `--no-download` only when `acceptsNoDownload`.
    static func pop(
        from arguments: inout ArgumentList, acceptsNoDownload: Bool = true
    ) throws(CommandError) -> DownloadOptions {
        let skips = acceptsNoDownload && arguments.popFlag("--no-download")
        let store = try arguments.popValue(of: "--store")
        let timeoutText = try arguments.popValue(of: "--timeout")
        var timeout = 30.0
        if let timeoutText {
            guard let value = Double(timeoutText), value.isFinite, value > 0 else {
                throw .usage("--timeout needs a number of seconds above zero, not \"\(timeoutText)\"")
            }
            timeout = value
        }
        return DownloadOptions(
            storeDirectory: store.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultStoreDirectory,
            idleTimeout: timeout, downloads: !skips)
    }

    /// The downloader the CLI uses: a developer tool, so plain http and file URLs are allowed.
    var downloader: RemotePart.Downloader {
        RemotePart.Downloader(
            configuration: RemotePart.Configuration(
                allowedSchemes: ["https", "http", "file"], maximumByteCount: 64 << 30, idleTimeout: idleTimeout,
                totalTimeout: 24 * 60 * 60))
    }
}
