import AttachmentKit
import Foundation

/// `attachmentkit strip IN OUT [--location-only]`: writes OUT, IN without its personal metadata
/// (``MetadataStripper``), and prints what it removed.
enum StripCommand {
    /// Removes every option the command accepts from `arguments`: the policy.
    static func popOptions(from arguments: inout ArgumentList) -> MetadataPolicy {
        arguments.popFlag("--location-only") ? .removeLocation : .removePersonal
    }

    static func run(_ arguments: inout ArgumentList) throws -> AttachmentKitTool.Outcome {
        let policy = popOptions(from: &arguments)
        guard case let positionals = try arguments.popPositionals(), positionals.count == 2 else {
            throw CommandError.usage(StripHelp.command.usage())
        }
        let input = URL(fileURLWithPath: positionals[0])
        let output = URL(fileURLWithPath: positionals[1])
        let removed = try MetadataStripper(policy: policy).strip(fileAt: input, to: output)
        return AttachmentKitTool.Outcome(
            status: 0, output: "removed: \(removed.isEmpty ? "nothing" : removed.description)\n", errorOutput: "")
    }
}
