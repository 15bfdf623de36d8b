import AttachmentKit
import Foundation

/// `attachmentkit resolve [MESSAGE.json] [--bounds WxH --screen-scale S]`: prints what
/// ``AttachmentResolver`` makes of a message, and with the viewport flags the zoom geometry.
enum ResolveCommand {
    static func run(_ arguments: inout ArgumentList) throws(CommandError) -> String {
        let viewportOptions = try ViewportOptions.pop(from: &arguments)
        let files = try arguments.popPositionals()
        guard files.count <= 1 else { throw .usage("resolve takes one message file, not \(files.count)") }
        let messageURL: URL
        if let path = files.first {
            messageURL = URL(fileURLWithPath: path)
        } else {
            do {
                messageURL = try SampleMessage.writeToTemporaryFolder()
            } catch {
                throw .unreadableFile("the sample message", reason: "\(error)")
            }
        }
        let message = try MessageDescription.load(from: messageURL)
        let resolution = AttachmentResolver().resolve(message.parts)
        let report = ResolutionReport(
            message: message, resolution: resolution, source: files.first ?? "built-in sample")
        guard let viewportOptions else { return report.text }
        return report.text + ViewportReport(options: viewportOptions, resolution: resolution).text
    }
}
