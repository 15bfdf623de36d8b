import AttachmentKitCommands
import Foundation
import Testing

@testable import AttachmentKit

/// `attachmentkit resolve` with a part that carries an `encryptedFile`: its ciphertext is
/// downloaded (from a `file:` URL here), checked and decrypted into the store.
@Suite("attachmentkit resolve: encrypted parts", SuiteTimeLimit.minutes(5), .inTurn)
struct ResolveEncryptedCommandTests {
    /// A folder with a PNG's ciphertext and a message whose part `photo` names it.
    struct Setup {
        let directory: StorageTemporaryDirectory
        let fixture: EncryptedFixture
        let message: URL
        var store: URL { directory.url.appendingPathComponent("store", isDirectory: true) }

        init(tamper: Bool = false, part: (inout [String: Any]) -> Void = { _ in }) throws {
            directory = try StorageTemporaryDirectory("cli-encrypted")
            fixture = try EncryptedFixture(RemoteTestContent.png(120_000, seed: 41))
            var ciphertext = fixture.ciphertext
            if tamper { ciphertext[ciphertext.count / 2] ^= 0x04 }
            let cipherFile = directory.appending("photo.bin")
            try ciphertext.write(to: cipherFile)
            var described: [String: Any] = [
                "id": "photo", "mimeType": "image/png", "status": "readyForDownload",
                "url": cipherFile.absoluteString,
                "encryptedFile": try JSONSerialization.jsonObject(with: fixture.file.jsonData()),
            ]
            part(&described)
            message = directory.appending("message.json")
            try JSONSerialization.data(withJSONObject: ["parts": [described]]).write(to: message)
        }

        func run() async -> AttachmentKitTool.Outcome {
            await AttachmentKitTool.run(["resolve", message.path, "--store", store.path])
        }

        /// The store's keys and the plaintext stored under the encrypted part's key.
        func stored() async throws -> (keys: [ContentKey], plaintext: Data?) {
            let opened = try FileContentStore(directory: store, byteCapacity: 1 << 30)
            let part = EncryptedPart(url: URL(fileURLWithPath: "/"), encryptedFile: fixture.file, mimeType: .imagePNG)
            let content = await opened.content(for: ContentKey(partID: part.id))
            return (await opened.keys(), try content.map { try $0.bytes() })
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the ciphertext is downloaded, verified and stored decrypted; only the plaintext is kept")
    func decryptsIntoStore() async throws {
        let setup = try Setup()
        let outcome = await setup.run()
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("photo: encrypted; "))
        #expect(outcome.output.contains("photo: downloaded 117.2 KiB\n"), "\(outcome.output)")
        let (keys, plaintext) = try await setup.stored()
        #expect(plaintext == setup.fixture.plaintext)
        #expect(keys.count == 1)
        // The entry is the only file with the plaintext, and no file has the ciphertext.
        #expect(setup.fixture.leftovers(in: [setup.store]).count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a tampered ciphertext fails with the hash mismatch and leaves the store empty")
    func refusesTamperedCiphertext() async throws {
        let setup = try Setup(tamper: true)
        let outcome = await setup.run()
        #expect(outcome.output.contains("photo: download failed: the ciphertext's SHA-256 is "), "\(outcome.output)")
        #expect(try await setup.stored().keys.isEmpty)
        #expect(setup.fixture.leftovers(in: [setup.store]).isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a malformed encryptedFile, or one without a url, is refused in one line naming the part and the field",
        arguments: [
            ("iv", "part photo: encryptedFile: "), ("url", "part photo: an encrypted part needs a url"),
            ("object", "part photo: encryptedFile: "), ("file", "give url, not file or data"),
        ])
    func refusesMalformed(_ fault: String, _ message: String) async throws {
        let setup = try Setup { part in
            switch fault {
            case "iv":
                var object = part["encryptedFile"] as? [String: Any] ?? [:]
                object["iv"] = "AAAA"
                part["encryptedFile"] = object
            case "url": part["url"] = nil
            case "object": part["encryptedFile"] = "not an object"
            default:
                part["url"] = nil
                part["file"] = "photo.bin"
            }
        }
        let outcome = await setup.run()
        #expect(outcome.status == 2)
        #expect(outcome.errorOutput.contains(message), "\(outcome.errorOutput)")
        if fault == "iv" { #expect(outcome.errorOutput.contains("iv"), "\(outcome.errorOutput)") }
        #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
    }
}
