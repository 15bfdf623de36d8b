import AttachmentKit
import AttachmentKitMatrix
import Foundation

/// `attachmentkit matrix send FILE --homeserver URL --token TOKEN [--encrypt]` (``MatrixHelp/send``).
enum MatrixSendCommand {
    /// The options: the homeserver and token, and `--encrypt`.
    static func popOptions(from arguments: inout ArgumentList) throws(CommandError) -> (
        connection: MatrixCommand.Connection, encrypted: Bool
    ) {
        (try MatrixCommand.Connection.pop(from: &arguments), arguments.popFlag("--encrypt"))
    }

    static func run(_ arguments: inout ArgumentList) async throws -> MatrixCommand.Ending {
        let (connection, encrypted) = try popOptions(from: &arguments)
        let client = try connection.client()
        guard case let positionals = try arguments.popPositionals(), positionals.count == 1 else {
            throw CommandError.usage(MatrixHelp.send.usage())
        }
        let file = URL(fileURLWithPath: positionals[0]).standardizedFileURL
        let outbox = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-matrix-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: outbox) }
        let attachment = try compose(file, into: outbox)
        do {
            let content = try await client.send(attachment, encrypted: encrypted)
            return MatrixCommand.Ending(output: String(decoding: content.jsonData(), as: UTF8.self) + "\n")
        } catch {
            return MatrixCommand.failure(error)
        }
    }

    /// An image with its preview and size part; any other file as it is, typed by its bytes.
    static func compose(_ file: URL, into outbox: URL) throws(AttachmentComposer.Error)
        -> AttachmentComposer.OutgoingAttachment
    {
        let composer = AttachmentComposer()
        let name = file.deletingPathExtension().lastPathComponent
        if (try? ImageInspector().inspect(fileAt: file)) != nil {
            return try composer.compose(imageAt: file, into: outbox, id: name)
        }
        let prefix = (try? FileHandle(forReadingFrom: file)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 512)
        }
        let type = prefix.flatMap { FileType(sniffing: $0).mimeType } ?? .applicationOctetStream
        return try composer.composeFile(at: file, mimeType: type, id: name)
    }
}
