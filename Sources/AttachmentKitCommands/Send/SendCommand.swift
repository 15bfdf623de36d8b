import AttachmentKit
import Foundation

/// `attachmentkit send FILE --to URL [--tus] [--as-file] [--store DIR] [--timeout SECONDS]`:
/// composes FILE's parts and uploads them in order, with tus to the creation endpoint URL, or
/// each by a plain PUT to URL/<part file name>. The upload state is kept in DIR's `uploads`
/// folder: after Ctrl-C (or a crash) the same command resumes each part from the byte its
/// server holds, and says so.
enum SendCommand {
    /// How the uploads ended.
    enum Ending { case completed, failed, cancelled }

    /// Removes every option the command accepts from `arguments`.
    static func popOptions(
        from arguments: inout ArgumentList
    ) throws(CommandError) -> (to: String?, tus: Bool, asFile: Bool, options: DownloadOptions) {
        let to = try arguments.popValue(of: "--to")
        let tus = arguments.popFlag("--tus")
        let asFile = arguments.popFlag("--as-file")
        return (to, tus, asFile, try DownloadOptions.pop(from: &arguments, acceptsNoDownload: false))
    }

    static func run(
        _ arguments: inout ArgumentList, console: Console, handlesInterrupts: Bool
    ) async throws -> (String, Ending) {
        let (to, tus, asFile, options) = try popOptions(from: &arguments)
        guard let to, let endpoint = URL(string: to), endpoint.scheme != nil else {
            throw CommandError.usage("send needs --to URL (an http or https URL)")
        }
        guard case let positionals = try arguments.popPositionals(), positionals.count == 1 else {
            throw CommandError.usage(SendHelp.send.usage())
        }
        let file = URL(fileURLWithPath: positionals[0]).standardizedFileURL
        let name = identity(of: file)
        let outbox = options.storeDirectory.appendingPathComponent("outbox", isDirectory: true)
        let composer = AttachmentComposer()
        let attachment =
            try asFile
            ? composer.composeFile(at: file, id: name) : composer.compose(imageAt: file, into: outbox, id: name)
        let journal = try UploadCoordinator.Journal(
            directory: options.storeDirectory.appendingPathComponent("uploads", isDirectory: true))
        let coordinator = UploadCoordinator(
            journal: journal, configuration: UploadCoordinator.Configuration(idleTimeout: options.idleTimeout))
        var report = ""
        for part in attachment.parts {
            if let kept = journal.pendingUpload(for: part.id), kept.confirmedOffset > 0 || kept.uploadURL != nil {
                console.write("resuming the upload of \(part.id) kept by an earlier run\n")
            }
        }
        let observers = attachment.parts.map { part in
            SendProgressObserver(printer: ProgressPrinter(label: part.id.rawValue, console: console))
        }
        for (part, observer) in zip(attachment.parts, observers) {
            coordinator.addObserver(observer, for: part.id, on: observer.isolation)
        }
        let upload = Task {
            try await coordinator.upload(message: attachment.parts) { part in
                tus ? .tus(endpoint) : .put(endpoint.appendingPathComponent(fileName(of: part, in: attachment)))
            }
        }
        let interrupts = handlesInterrupts ? InterruptHandler { upload.cancel() } : nil
        defer { interrupts?.remove() }
        do {
            for part in try await upload.value {
                if let offset = part.resumedAt { report += "\(part.partID) resumed at byte \(offset)\n" }
                report += "\(part.partID) -> \(part.remoteURL.absoluteString) (\(part.byteCount) bytes)\n"
            }
            return (report, .completed)
        } catch let error as UploadCoordinator.MessageError {
            if case .partFailed(_, .cancelled) = error {
                return ("upload interrupted; run the same command again to resume\n", .cancelled)
            }
            return ("attachmentkit: \(error)\n", .failed)
        }
    }

    /// A stable identity for the file, so that a second run finds the first run's uploads.
    static func identity(of file: URL) -> String {
        let size = (try? PartContent.file(file).byteCount()) ?? 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(file.path)#\(size)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "\(file.deletingPathExtension().lastPathComponent)-\(String(hash, radix: 16))"
    }

    /// The name a plain PUT gives a part: the original's file name, the small parts' own.
    private static func fileName(of part: any MessagePart, in attachment: AttachmentComposer.OutgoingAttachment)
        -> String
    {
        if part.id == attachment.original.id {
            return attachment.original.localContent?.fileURL?.lastPathComponent ?? "original"
        }
        return part.availableContent?.fileURL?.lastPathComponent ?? part.id.rawValue
    }
}

/// Draws one part's upload progress.
final class SendProgressObserver: ProgressObserver {
    let printer: ProgressPrinter
    let isolation = SendProgressActor()
    init(printer: ProgressPrinter) { self.printer = printer }
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) { printer.update(progress) }
    func transfer(of partID: PartID, didFinishWith result: Result<PartContent, TransferError>) { printer.finish() }
}

/// Where a send's progress is drawn: not the main actor, which the command's caller may block.
actor SendProgressActor {}
