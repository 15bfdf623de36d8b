import Foundation
import Testing

@testable import AttachmentKitCommands

/// `attachmentkit help` and `attachmentkit help COMMAND` come from one source per command
/// (``CommandHelp``): each mentions every option the command's parser accepts, and the two can't
/// disagree.
@Suite("attachmentkit help: one source, every option", SuiteTimeLimit.minutes(2), .inTurn)
struct CommandHelpTests {
    /// The commands `attachmentkit help` covers: every one.
    static let names = AttachmentKitTool.commands.map(\.name)

    /// The flags the parser of the command `name` asks for, read from the parser itself.
    private static func flags(ofCommand name: String) throws -> [String] {
        var arguments = ArgumentList([])
        switch name {
        case "resolve": _ = try ResolveCommand.popOptions(from: &arguments)
        case "inspect": _ = try InspectCommand.popOptions(from: &arguments)
        case "encrypt": break  // no options
        case "decrypt": _ = try CipherCommands.popDecryptOptions(from: &arguments)
        case "compose": _ = try ComposeCommand.popOptions(from: &arguments)
        case "send": _ = try SendCommand.popOptions(from: &arguments)
        case "strip": _ = StripCommand.popOptions(from: &arguments)
        case "placeholder": _ = try PlaceholderCommand.popOptions(from: &arguments)
        case "waveform": _ = try WaveformCommand.popOptions(from: &arguments)
        case "matrix send": _ = try MatrixSendCommand.popOptions(from: &arguments)
        case "matrix resolve": _ = try MatrixResolveCommand.popOptions(from: &arguments)
        default: Issue.record("no parser for \(name): add it here")
        }
        return arguments.askedFlags
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "each command's help, and the overview, mention every option its parser accepts", arguments: names)
    func helpMentionsEveryOption(name: String) async throws {
        let flags = try Self.flags(ofCommand: name)
        #expect(!flags.isEmpty || name == "encrypt")
        let help = await AttachmentKitTool.run(["help", name])
        #expect(help.status == 0)
        let helpUsage = help.output.components(separatedBy: "\n\n").first ?? ""
        let overview = await AttachmentKitTool.run(["help"]).output
        let overviewUsage = overview.components(separatedBy: "\n\n").first ?? ""
        for flag in flags {
            #expect(helpUsage.contains(flag), "help \(name)'s usage line mentions \(flag)")
            #expect(help.output.contains(flag), "help \(name) mentions \(flag)")
            #expect(overviewUsage.contains(flag), "the overview's usage lines mention \(flag)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "help COMMAND starts with the command's usage and description as the overview gives them", arguments: names)
    func helpAgreesWithTheOverview(name: String) async throws {
        let command = try #require(AttachmentKitTool.commands.first { $0.name == name })
        let help = await AttachmentKitTool.run(["help", name]).output
        #expect(help.hasPrefix(command.usage() + "\n\n" + command.description))
        let overview = await AttachmentKitTool.run(["help"]).output
        #expect(overview.contains(command.overviewEntry))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("help resolve says that a part's url is downloaded, not that nothing is fetched")
    func resolveHelpSaysURLsAreDownloaded() async {
        let help = await AttachmentKitTool.run(["help", "resolve"]).output
        #expect(!help.contains("fetches nothing"))
        #expect(help.contains("downloaded from, into the store"))
    }
}
