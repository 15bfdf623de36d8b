import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

/// `attachmentkit encrypt` and `attachmentkit decrypt`, run in-process.
@Suite("attachmentkit encrypt and decrypt", SuiteTimeLimit.minutes(2), .inTurn)
struct CipherCommandTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("encrypt prints the EncryptedFile JSON; decrypt with it gives the file back")
    func roundTrip() async throws {
        let directory = try StorageTemporaryDirectory("cipher-command")
        let plaintext = RemoteTestContent.bytes(70_000, seed: 11)
        let input = directory.appending("in")
        try plaintext.write(to: input)
        let encrypted = await AttachmentKitTool.run(["encrypt", input.path, directory.appending("ct").path])
        #expect(encrypted.status == 0)
        let info = directory.appending("info.json")
        try Data(encrypted.output.utf8).write(to: info)
        let file = try EncryptedFile(json: Data(encrypted.output.utf8))
        #expect(RemoteContentCheck.sha256(ofFileAt: directory.appending("ct")) == file.ciphertextSHA256)
        let decrypted = await AttachmentKitTool.run([
            "decrypt", directory.appending("ct").path, directory.appending("out").path, "--info", info.path,
        ])
        #expect(decrypted.status == 0)
        #expect(try Data(contentsOf: directory.appending("out")) == plaintext)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a tampered ciphertext: exit 2, one line naming the hash mismatch, and no OUT")
    func tampered() async throws {
        let directory = try StorageTemporaryDirectory("cipher-command")
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(10_000, seed: 12))
        var ciphertext = fixture.ciphertext
        ciphertext[5_000] ^= 1
        try ciphertext.write(to: directory.appending("ct"))
        try fixture.file.jsonData().write(to: directory.appending("info.json"))
        let outcome = await AttachmentKitTool.run([
            "decrypt", directory.appending("ct").path, directory.appending("out").path,
            "--info", directory.appending("info.json").path,
        ])
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.hasPrefix("attachmentkit: the ciphertext's SHA-256 is "))
        #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appending("out").path))
        #expect(directory.names(in: ".").sorted() == ["ct", "info.json"])
    }
}
