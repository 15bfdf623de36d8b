import AttachmentKit
import Foundation

/// `attachmentkit compose FILE [--out DIR] [--keep-metadata]`: composes the parts of a photo
/// message, writes the preview, the size part and (when FILE carries personal metadata, unless
/// `--keep-metadata`) the stripped original into DIR (the file's folder by default) and prints
/// the message JSON that `attachmentkit resolve` reads (also written to DIR as
/// `<name>.message.json`).
enum ComposeCommand {
    /// Removes every option the command accepts from `arguments`: the folder of `--out`, if any,
    /// and whether `--keep-metadata` was given.
    static func popOptions(from arguments: inout ArgumentList) throws(CommandError) -> (
        out: String?, keepsMetadata: Bool
    ) {
        (try arguments.popValue(of: "--out"), arguments.popFlag("--keep-metadata"))
    }

    static func run(_ arguments: inout ArgumentList) throws -> AttachmentKitTool.Outcome {
        let (out, keepsMetadata) = try popOptions(from: &arguments)
        guard case let positionals = try arguments.popPositionals(), positionals.count == 1 else {
            throw CommandError.usage(SendHelp.compose.usage())
        }
        let file = URL(fileURLWithPath: positionals[0]).standardizedFileURL
        let folder = out.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? file.deletingLastPathComponent()
        let name = file.deletingPathExtension().lastPathComponent
        let composer = AttachmentComposer(metadataPolicy: keepsMetadata ? .keepAll : .removePersonal)
        let attachment = try composer.compose(imageAt: file, into: folder, id: name)
        let json = ComposedMessage.json(attachment, name: name, folder: folder)
        try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).message.json"), options: .atomic)
        return AttachmentKitTool.Outcome(status: 0, output: json + "\n", errorOutput: "")
    }
}
