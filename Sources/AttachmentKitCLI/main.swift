import AttachmentKitCommands
import Foundation

let outcome = await AttachmentKitTool.run(
    Array(CommandLine.arguments.dropFirst()), console: .standardOutput, handlesInterrupts: true)
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.status)
