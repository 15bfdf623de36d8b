import AttachmentKit
import Foundation

/// `attachmentkit inspect FILE… [--mime TYPE]`: prints what ``ImageInspector`` reads from each
/// file's header, and whether the file's extension or the given media type lies about it;
/// with `--scans`, each displayable prefix of a progressive JPEG (``JPEGScanIndex``).
enum InspectCommand {
    /// Inspects every file named on the command line. A file that cannot be inspected gets a
    /// one-line error and makes the status 2; the others are still reported.
    static func run(_ arguments: inout ArgumentList) throws(CommandError) -> AttachmentKitTool.Outcome {
        var declaredType: MIMEType?
        if let text = try arguments.popValue(of: "--mime") {
            do {
                declaredType = try MIMEType(text)
            } catch {
                throw .usage("--mime \(text): \(error)")
            }
        }
        let listsScans = arguments.popFlag("--scans")
        let files = try arguments.popPositionals()
        guard !files.isEmpty else { throw .usage("inspect needs at least one image file") }
        let inspector = ImageInspector()
        var reports: [String] = []
        var errors: [String] = []
        for path in files {
            let url = URL(fileURLWithPath: path)
            do {
                let header = try inspector.inspect(fileAt: url)
                let size = try? PartContent.file(url).byteCount()
                var report = InspectionReport(path: path, header: header, declaredType: declaredType, fileSize: size)
                    .text
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
