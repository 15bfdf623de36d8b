import AttachmentKitCommands
import Foundation

extension AttachmentKitTool {
    /// Runs the tool like ``run(_:)`` with `--store` set to a new temporary folder that is
    /// removed afterwards: a `resolve` that downloads (the built-in sample's `file://`
    /// original, for one) then never touches the user's `~/.cache/…/AttachmentKit/CLI`.
    static func runWithTemporaryStore(_ arguments: [String]) async throws -> Outcome {
        let store = try StorageTemporaryDirectory("cli-store")
        let outcome = await run(arguments + ["--store", store.url.path])
        withExtendedLifetime(store) {}
        return outcome
    }
}
