import AttachmentKit
import AttachmentKitMatrix
import Foundation

/// `attachmentkit matrix resolve CONTENT.json --homeserver URL --token TOKEN --store DIR
/// [--bounds WxH]` (``MatrixHelp/resolve``).
enum MatrixResolveCommand {
    /// The options: the store and timeout, the homeserver and token, and `--bounds`.
    static func popOptions(from arguments: inout ArgumentList) throws(CommandError) -> (
        download: DownloadOptions, connection: MatrixCommand.Connection, bounds: PixelSize?
    ) {
        let download = try DownloadOptions.pop(from: &arguments, acceptsNoDownload: false)
        let connection = try MatrixCommand.Connection.pop(from: &arguments)
        var bounds: PixelSize?
        if let text = try arguments.popValue(of: "--bounds") { bounds = try parseBounds(text) }
        return (download, connection, bounds)
    }

    static func run(_ arguments: inout ArgumentList, console: Console) async throws -> MatrixCommand.Ending {
        let (options, connection, bounds) = try popOptions(from: &arguments)
        let client = try connection.client(idleTimeout: options.idleTimeout)
        guard case let files = try arguments.popPositionals(), files.count == 1 else {
            throw CommandError.usage(MatrixHelp.resolve.usage())
        }
        let json = try MessageFileReader.read(
            URL(fileURLWithPath: files[0]), limit: MatrixMediaContent.maximumByteCount)
        let content: MatrixMediaContent
        do {
            content = try MatrixMediaContent(json: json)
        } catch {
            throw CommandError.malformedMessage("\(error)", file: files[0])
        }
        do {
            // The token is checked before the store is opened: a refused one stores nothing.
            _ = try await client.mediaConfiguration()
            guard try await client.authenticatedMediaIsSupported() else {
                throw MatrixMediaClient.Error.authenticatedMediaUnsupported(versions: [])
            }
        } catch {
            return MatrixCommand.failure(error)
        }
        var parts = client.parts(for: content)
        let resolution = AttachmentResolver(policy: .matrix).resolve(parts)
        var wanted: [any MessagePart] = []
        var renditionLine: String?
        if let bounds {
            let chosen = AttachmentResolver.Policy.matrix.rendition(for: bounds, among: resolution.renditions)
            wanted = [chosen?.part ?? resolution.preview ?? resolution.original].compactMap { $0 }
            renditionLine = "rendition for \(bounds): \(chosen.map { "\($0)" } ?? "none")"
        } else {
            wanted = [resolution.preview, resolution.kind == .video ? nil : resolution.original].compactMap { $0 }
        }
        let store: FileContentStore
        do {
            try FileManager.default.createDirectory(at: options.storeDirectory, withIntermediateDirectories: true)
            store = try FileContentStore(directory: options.storeDirectory, byteCapacity: 64 << 30)
        } catch {
            throw CommandError.unreadableFile(options.storeDirectory.path, reason: "\(error)")
        }
        let coordinator = DownloadCoordinator(store: store)
        var failed: (any Error)?
        for part in wanted where failed == nil {
            console.write("\(part.id): downloading\n")
            do {
                let local = try await coordinator.content(for: part)
                console.write("\(part.id): downloaded \((try? local.byteCount()).map(String.init) ?? "?") bytes\n")
                let made = LocalPart(
                    id: part.id, mimeType: part.mimeType, content: local, byteCount: try? local.byteCount())
                parts = parts.map { $0.id == part.id ? made : $0 }
            } catch {
                failed = error.underlying ?? error
            }
        }
        await coordinator.waitUntilIdle()
        await store.close()
        let after = AttachmentResolver(policy: .matrix).resolve(parts)
        var text = ResolutionReport(name: content.displayedFileName, parts: parts, resolution: after, source: files[0])
            .text
        if let renditionLine { text += renditionLine + "\n" }
        guard let failed else { return MatrixCommand.Ending(output: text) }
        return MatrixCommand.Ending(output: text, errorOutput: "attachmentkit: download failed: \(failed)\n", status: 1)
    }

    /// `320x240` as a size in pixels.
    private static func parseBounds(_ text: String) throws(CommandError) -> PixelSize {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard sides.count == 2, let width = sides[0], let height = sides[1], width > 0, height > 0 else {
            throw .usage("--bounds needs a width and height above zero in pixels, such as 320x240, not \"\(text)\"")
        }
        return PixelSize(width: CGFloat(width), height: CGFloat(height))
    }
}
