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
        usage: attachmentkit [resolve [MESSAGE.json] [--bounds WxH --screen-scale S [--zoom-policy P]]]
               attachmentkit inspect FILE... [--mime TYPE]
               attachmentkit help [resolve]

          resolve   Prints which part of a message is the preview and which the full
                    resolution, the placeholder size, and what is local. With no file,
                    resolves a sample photo message shipped with AttachmentKit.
                    `attachmentkit help resolve` describes the message file's format.
                    With --bounds (points, such as 375x667) and --screen-scale (such as 2),
                    also prints the zoom viewport for the image, sized from its size part;
                    --zoom-policy is fit (the default), fill or fixed limits MIN...MAX.
          inspect   Prints each image's format, pixel size, orientation, displayed size,
                    progressive and animated flags, read from its header without decoding,
                    and whether its extension (or the media type given with --mime) lies.
        """

    /// Runs the command with `arguments` (without the program name).
    public static func run(_ arguments: [String]) async -> Outcome {
        var arguments = ArgumentList(arguments)
        do {
            switch arguments.popSubcommand() {
            case nil, "resolve":
                return Outcome(status: 0, output: try ResolveCommand.run(&arguments), errorOutput: "")
            case "inspect":
                return try InspectCommand.run(&arguments)
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
        } catch let error as CommandError {
            return Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        } catch {
            return Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        }
    }
}
