import AttachmentKit
import Foundation

/// `attachmentkit resolve` (usage in ``ResolveHelp``): downloads the parts that are not local but name a URL (see
/// ``ResolveDownloads``), then prints what ``AttachmentResolver`` makes of the message, and
/// with the viewport flags the zoom geometry.
enum ResolveCommand {
    /// Removes every option the command accepts from `arguments` and parses it.
    static func popOptions(from arguments: inout ArgumentList) throws(CommandError) -> (
        viewport: ViewportOptions?, download: DownloadOptions
    ) {
        (try ViewportOptions.pop(from: &arguments), try DownloadOptions.pop(from: &arguments))
    }

    static func run(_ arguments: inout ArgumentList, console: Console, handlesInterrupts: Bool)
        async throws(CommandError)
        -> (text: String, downloads: ResolveDownloads.Outcome)
    {
        let (viewportOptions, downloadOptions) = try popOptions(from: &arguments)
        let files = try arguments.popPositionals()
        guard files.count <= 1 else { throw .usage("resolve takes one message file, not \(files.count)") }
        let messageURL: URL
        // What this run makes in the temporary directory (the sample, a fallback store) is
        // removed when it ends, once the report is made.
        var temporaryFolders: [URL] = []
        defer { for folder in temporaryFolders { try? FileManager.default.removeItem(at: folder) } }
        if let path = files.first {
            messageURL = URL(fileURLWithPath: path)
        } else {
            do {
                messageURL = try SampleMessage.writeToTemporaryFolder()
                temporaryFolders.append(messageURL.deletingLastPathComponent())
            } catch {
                throw .unreadableFile("the sample message", reason: "\(error)")
            }
        }
        var message = try MessageDescription.load(from: messageURL)
        let downloads = ResolveDownloads(
            options: downloadOptions, console: console, handlesInterrupts: handlesInterrupts)
        // A video is downloaded only when asked; its header is read with ranged requests instead.
        let before = AttachmentResolver().resolve(message.parts)
        let video = before.kind == .video ? before.original?.id : nil
        let downloaded = try await downloads.run(message.parts, skipping: video)
        if let fallback = downloaded.temporaryStore { temporaryFolders.append(fallback) }
        message.parts = downloaded.parts
        let resolution = AttachmentResolver().resolve(message.parts)
        var report = ResolutionReport(
            message: message, resolution: resolution, source: files.first ?? "built-in sample")
        if downloadOptions.downloads {
            report.remoteVideo = await RemoteVideoPlaceholder.read(
                message.parts, resolution: resolution, downloader: downloadOptions.downloader)
        }
        guard let viewportOptions else { return (report.text, downloaded.outcome) }
        return (report.text + ViewportReport(options: viewportOptions, resolution: resolution).text, downloaded.outcome)
    }
}
