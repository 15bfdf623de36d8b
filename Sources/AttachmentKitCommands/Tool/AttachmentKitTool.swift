import AttachmentKit

/// The `attachmentkit` command, run in-process so that tests can drive it.
public enum AttachmentKitTool {
    /// What a run printed and its exit status.
    public struct Outcome: Sendable, Equatable {
        /// The exit status: 0 on success, 2 for bad usage or input.
        public var status: Int32
        /// Text for standard output.
        public var output: String
        /// Text for standard error.
        public var errorOutput: String
    }

    /// The usage text printed by `attachmentkit help`.
    public static let usage = """
        usage: attachmentkit [resolve [MESSAGE.json] [--bounds WxH --screen-scale S [--zoom-policy P]]
                                      [--store DIR] [--timeout SECONDS] [--no-download]]
               attachmentkit inspect FILE... [--mime TYPE] [--scans]
               attachmentkit placeholder --thumbhash BASE64 | --blurhash STRING [--size WxH] --out FILE.png
               attachmentkit help [resolve]

          resolve   Prints which part of a message is the preview and which the full
                    resolution, the placeholder size, and what is local. With no file,
                    resolves a sample photo message shipped with AttachmentKit.
                    `attachmentkit help resolve` describes the message file's format.
                    With --bounds (points, such as 375x667) and --screen-scale (such as 2),
                    also prints the zoom viewport for the image, sized from its size part;
                    --zoom-policy is fit (the default), fill or fixed limits MIN...MAX.
                    Parts that are not local but name a URL (http, https or file) are
                    downloaded first into the store (--store DIR; by default AttachmentKit/CLI
                    in the user's cache directory), with a progress bar on a terminal;
                    --timeout sets the idle timeout (30 s). Ctrl-C keeps the partial download,
                    and the next run resumes it. --no-download only reports what is not local.
          inspect   Prints each image's format, pixel size, orientation, displayed size,
                    progressive and animated flags, read from its header without decoding,
                    and whether its extension (or the media type given with --mime) lies.
                    --scans adds, for a progressive JPEG, the length of each prefix that ends
                    after a complete scan (displayable with an EOI appended), one a line.
          placeholder
                    Decodes a ThumbHash or a BlurHash and writes it as a PNG: a BlurHash at
                    --size (32x32 by default), a ThumbHash at its own aspect ratio with the
                    larger of W and H as its longest side (32 by default).
        """

    /// Runs the command with `arguments` (without the program name), collecting what it
    /// prints as it runs (download progress) into ``Outcome/output``.
    public static func run(_ arguments: [String]) async -> Outcome {
        let buffer = LockedState("")
        let console = Console(isTerminal: false) { text in buffer.withLock { $0 += text } }
        var outcome = await run(arguments, console: console, handlesInterrupts: false)
        outcome.output = buffer.withLock { $0 } + outcome.output
        return outcome
    }

    /// Runs the command with `arguments` (without the program name), writing what it prints
    /// as it runs to `console`; with `handlesInterrupts`, Ctrl-C cancels a download (keeping
    /// its partial for the next run) instead of ending the process.
    ///
    /// The exit status is 1 when a download failed and 130 when one was cancelled.
    public static func run(_ arguments: [String], console: Console, handlesInterrupts: Bool) async -> Outcome {
        var arguments = ArgumentList(arguments)
        do {
            switch arguments.popSubcommand() {
            case nil, "resolve":
                let (text, downloads) = try await ResolveCommand.run(
                    &arguments, console: console, handlesInterrupts: handlesInterrupts)
                let status: Int32 =
                    switch downloads {
                    case .completed: 0
                    case .failed: 1
                    case .cancelled: 130
                    }
                return Outcome(status: status, output: text, errorOutput: "")
            case "inspect":
                return try InspectCommand.run(&arguments)
            case "placeholder":
                return try PlaceholderCommand.run(&arguments)
            case "help", "--help", "-h":
                switch try arguments.popPositionals() {
                case []: return Outcome(status: 0, output: usage + "\n", errorOutput: "")
                case ["resolve"]: return Outcome(status: 0, output: ResolveHelp.text + "\n", errorOutput: "")
                case let topics:
                    throw CommandError.usage("no help on \"\(topics.joined(separator: " "))\"; try attachmentkit help")
                }
            case let other?:
                throw CommandError.usage("unknown command \"\(other)\"; try attachmentkit help")
            }
        } catch {
            return Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        }
    }
}
