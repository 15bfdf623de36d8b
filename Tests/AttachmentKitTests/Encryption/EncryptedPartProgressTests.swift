import Foundation
import Testing

@testable import AttachmentKit

/// An ``EncryptedPart`` downloaded on its own: its ciphertext is hashed and decrypted as it
/// arrives, so its progress is the download's, and a tampered one is refused as it completes
/// with nothing left of its plaintext.
@Suite("Encrypted parts: hashing on arrival and progress", SuiteTimeLimit.minutes(2), .inTurn)
struct EncryptedPartProgressTests {
    static let url = URL(string: "https://media.example.com/_matrix/media/v3/download/example.org/progress")!

    /// A part whose ciphertext, `served`, comes from an in-memory transport.
    static func part(serving served: Data, file: EncryptedFile) -> EncryptedPart {
        let downloader = RemotePart.Downloader(transport: InMemoryHTTPTransport(files: [url: served]))
        return EncryptedPart(url: url, encryptedFile: file, mimeType: .applicationOctetStream, downloader: downloader)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "progress is the ciphertext's download, decrypted as it arrives: it reaches the whole and never goes back")
    func progressIsTheDownload() async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(3 << 20, seed: 21))
        let part = Self.part(serving: fixture.ciphertext, file: fixture.file)
        let observer = RecordingObserver()
        let content = try await part.downloadContent(reportingTo: observer)
        defer { try? content.fileURL.map(FileManager.default.removeItem) }
        #expect(RemoteTestContent.contents(content) == fixture.plaintext)
        let size = Int64(fixture.ciphertext.count)
        let progress = observer.progress
        #expect(progress.allSatisfy { $0.totalBytes == size }, "\(progress)")
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(progress.last == TransferProgress(completedBytes: size, totalBytes: size))
        #expect(observer.progressPartIDs == [part.id])
        // The decryption left nothing in the scratch store but the returned file.
        let scratch = try #require((part.ciphertext as? RemotePart)?.downloader.scratchDirectory)
        #expect(fixture.leftovers(in: [scratch]).isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a tampered ciphertext is refused as it completes: its staging plaintext is removed, nothing is left")
    func refusedAsItCompletes() async throws {
        let fixture = try EncryptedFixture(RemoteTestContent.bytes(2 << 20, seed: 22))
        var served = fixture.ciphertext
        served[12_345] ^= 0x20
        let part = Self.part(serving: served, file: fixture.file)
        let observer = RecordingObserver()
        await #expect {
            _ = try await part.downloadContent(reportingTo: observer)
        } throws: { error in
            guard case .hashMismatch(let expected, _)? = error as? EncryptedAttachment.Error else { return false }
            return expected == fixture.file.ciphertextSHA256.hex
        }
        let size = Int64(served.count)
        #expect(!observer.progress.isEmpty)
        #expect(observer.progress.allSatisfy { $0.completedBytes <= size }, "\(observer.progress)")
        let scratch = try #require((part.ciphertext as? RemotePart)?.downloader.scratchDirectory)
        #expect(fixture.leftovers(in: [scratch]).isEmpty)
    }
}
