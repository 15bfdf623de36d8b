import AttachmentKit
import Foundation

/// `attachmentkit encrypt IN OUT` and `attachmentkit decrypt IN OUT --info FILE.json`.
enum CipherCommands {
    /// Encrypts IN into OUT with a fresh key and prints the `EncryptedFile` JSON (which holds
    /// the key: the command writes it nowhere else).
    static func encrypt(_ arguments: inout ArgumentList) throws(CommandError) -> AttachmentKitTool.Outcome {
        let (input, output) = try paths(&arguments, help: CipherHelp.encrypt)
        do {
            let file = try EncryptedAttachment.encrypt(fileAt: input, to: output)
            return AttachmentKitTool.Outcome(
                status: 0, output: String(decoding: file.jsonData(), as: UTF8.self) + "\n", errorOutput: "")
        } catch {
            return AttachmentKitTool.Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        }
    }

    /// Decrypts IN into OUT with the key, IV and hash of `--info`; OUT is written only when
    /// the ciphertext's hash matches, otherwise the status is 2 and one line says why.
    /// Removes every option `decrypt` accepts from `arguments`: the path of `--info`, if any
    /// (`encrypt` has none).
    static func popDecryptOptions(from arguments: inout ArgumentList) throws(CommandError) -> String? {
        try arguments.popValue(of: "--info")
    }

    static func decrypt(_ arguments: inout ArgumentList) throws(CommandError) -> AttachmentKitTool.Outcome {
        guard let infoPath = try popDecryptOptions(from: &arguments) else {
            throw .usage("decrypt needs --info FILE.json (the EncryptedFile)")
        }
        let (input, output) = try paths(&arguments, help: CipherHelp.decrypt)
        let json: Data
        do {
            json = try Data(contentsOf: URL(fileURLWithPath: infoPath))
        } catch {
            throw .unreadableFile(infoPath, reason: "\(error.localizedDescription)")
        }
        do {
            let file = try EncryptedFile(json: json)
            try EncryptedAttachment.decrypt(fileAt: input, to: output, using: file)
            return AttachmentKitTool.Outcome(status: 0, output: "", errorOutput: "")
        } catch {
            return AttachmentKitTool.Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        }
    }

    private static func paths(_ arguments: inout ArgumentList, help: CommandHelp) throws(CommandError) -> (URL, URL) {
        let positionals = try arguments.popPositionals()
        guard positionals.count == 2 else { throw .usage(help.usage()) }
        return (URL(fileURLWithPath: positionals[0]), URL(fileURLWithPath: positionals[1]))
    }
}
