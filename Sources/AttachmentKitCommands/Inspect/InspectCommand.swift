import AttachmentKit
import Foundation

/// `attachmentkit inspect` (usage in ``InspectHelp``): prints what ``ImageInspector`` reads from each
/// file's header, and whether the file's extension or the given media type lies about it; for a
/// video or audio file (ISO media), or an http(s) URL of one, what ``ISOMediaInspector`` reads;
/// with `--scans`, each displayable prefix of a progressive JPEG (``JPEGScanIndex``).
enum InspectCommand {
    /// Removes every option the command accepts from `arguments`: the media type given with
    /// `--mime`, if any, and whether `--scans` was given.
    static func popOptions(
        from arguments: inout ArgumentList
    ) throws(CommandError) -> (declaredType: MIMEType?, listsScans: Bool) {
        let listsScans = arguments.popFlag("--scans")
        guard let text = try arguments.popValue(of: "--mime") else { return (nil, listsScans) }
        do {
            return (try MIMEType(text), listsScans)
        } catch {
            throw .usage("--mime \(text): \(error)")
        }
    }

    /// Inspects every file named on the command line. A file that cannot be inspected gets a
    /// one-line error and makes the status 2; the others are still reported.
    static func run(_ arguments: inout ArgumentList) async throws(CommandError) -> AttachmentKitTool.Outcome {
        let (declaredType, listsScans) = try popOptions(from: &arguments)
        let files = try arguments.popPositionals()
        guard !files.isEmpty else { throw .usage("inspect needs at least one image file") }
        let inspector = ImageInspector()
        var reports: [String] = []
        var errors: [String] = []
        for path in files {
            if let remote = RemoteMediaInspection.url(path) {
                switch await RemoteMediaInspection.report(path, remote) {
                case .success(let text): reports.append(text)
                case .failure(let error): errors.append("attachmentkit: \(path): \(error)\n")
                }
                continue
            }
            let url = URL(fileURLWithPath: path)
            if let media = RemoteMediaInspection.localMediaReport(path, url) {
                switch media {
                case .success(let text): reports.append(text)
                case .failure(let error): errors.append("attachmentkit: \(path): \(error)\n")
                }
                continue
            }
            do {
                let header = try inspector.inspect(fileAt: url)
                let size = try? PartContent.file(url).byteCount()
                let source = InspectedSource(path: path, fileSize: size, isRemote: false)
                var report = InspectionReport(source: source, header: header, declaredType: declaredType).text
                if listsScans, header.format == .jpeg, let data = try? Data(contentsOf: url) {
                    for length in JPEGScanIndex(data).displayablePrefixLengths { report += "  scan ends: \(length)\n" }
                }
                reports.append(report)
            } catch {
                errors.append("attachmentkit: \(path): \(error)\n")
            }
        }
        return AttachmentKitTool.Outcome(
            status: errors.isEmpty ? 0 : 2, output: reports.joined(separator: "\n"), errorOutput: errors.joined())
    }
}
