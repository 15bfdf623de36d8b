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

    /// The commands whose help `attachmentkit help` gathers, in its order.
    static let commands = [
        ResolveHelp.command, InspectHelp.command, CipherHelp.encrypt, CipherHelp.decrypt, SendHelp.compose,
        SendHelp.send, PlaceholderHelp.command, WaveformHelp.command,
    ]

    /// The usage text printed by `attachmentkit help`: every command's usage line and
    /// description, from the same source as `attachmentkit help COMMAND`.
    public static var usage: String {
        let lines = commands.enumerated().map { index, command in
            command.usage(lead: index == 0 ? "usage:" : "      ")
        }
        let help = "       attachmentkit help [\(commands.map(\.name).joined(separator: " | "))]"
        return (lines + [help, ""] + commands.map(\.overviewEntry)).joined(separator: "\n")
    }

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
                return try await InspectCommand.run(&arguments)
            case "placeholder":
                return try PlaceholderCommand.run(&arguments)
            case "waveform":
                return try WaveformCommand.run(&arguments)
            case "encrypt":
                return try CipherCommands.encrypt(&arguments)
            case "decrypt":
                return try CipherCommands.decrypt(&arguments)
            case "compose":
                return try ComposeCommand.run(&arguments)
            case "send":
                let (text, ending) = try await SendCommand.run(
                    &arguments, console: console, handlesInterrupts: handlesInterrupts)
                switch ending {
                case .completed: return Outcome(status: 0, output: text, errorOutput: "")
                case .failed: return Outcome(status: 1, output: "", errorOutput: text)
                case .cancelled: return Outcome(status: 130, output: "", errorOutput: text)
                }
            case "help", "--help", "-h":
                switch try arguments.popPositionals() {
                case []: return Outcome(status: 0, output: usage + "\n", errorOutput: "")
                case ["resolve"]: return Outcome(status: 0, output: ResolveHelp.text + "\n", errorOutput: "")
                case let topics:
                    if topics.count == 1, let command = commands.first(where: { $0.name == topics[0] }) {
                        let text = command.usage() + "\n\n" + command.description + "\n"
                        return Outcome(status: 0, output: text, errorOutput: "")
                    }
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
