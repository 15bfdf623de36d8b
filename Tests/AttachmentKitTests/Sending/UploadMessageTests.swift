#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite("Uploading a message's parts", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct UploadMessageTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "parts go up in order; a failed part fails the message naming it; retried, the parts already up are not sent again"
    )
    func orderAndRetry() async throws {
        let server = try await TusTestServer(faults: [])
        let folder = try StorageTemporaryDirectory("message")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let first = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 2000, seed: 31)
        let second = try SendingFixtures.randomFile(in: folder, name: "b.bin", count: 3000, seed: 32)
        let parts: [any MessagePart] = [
            TusUploadTests.part(first, id: "m/original"), TusUploadTests.part(second, id: "m/size"),
        ]
        let coordinator = TusUploadTests.coordinator(journal: journal)
        // The second part's endpoint refuses plain PUTs with a final 4xx.
        let broken = URL(string: "http://127.0.0.1:\(server.port)/nowhere")!
        await #expect {
            try await coordinator.upload(message: parts) { $0.id == "m/size" ? .put(broken) : .tus(server.endpoint) }
        } throws: { error in
            guard case .partFailed(1, let failure) = error as? UploadCoordinator.MessageError else { return false }
            return failure.partID == "m/size"
        }
        #expect(server.patches.count == 1)
        let retried = UploadCoordinator(journal: journal)
        let uploaded = try await retried.upload(message: parts) { _ in .tus(server.endpoint) }
        #expect(uploaded.map(\.partID) == ["m/original", "m/size"])
        #expect(server.patches.map(\.length) == [2000, 3000])
        #expect(try sha256Hex(of: server.storedFile(for: uploaded[1].remoteURL)) == sha256Hex(of: second))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a journal kept across coordinators resumes from the offset the server reports, and releases its copy")
    func resumeFromJournal() async throws {
        let server = try await TusTestServer(faults: [.status(patch: 1, 400)])
        let folder = try StorageTemporaryDirectory("message")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 3 << 20, seed: 33)
        await #expect(throws: TransferError.self) {
            try await TusUploadTests.coordinator(journal: journal).upload(
                TusUploadTests.part(source), to: .tus(server.endpoint))
        }
        #expect(journal.pendingUpload(for: "m/original")?.confirmedOffset == 1 << 20)
        let results = await TusUploadTests.coordinator(journal: journal).resumePendingUploads()
        let uploaded = try #require(try results.first?.get())
        #expect(uploaded.resumedAt == 1 << 20)
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(journal.pendingUploads.isEmpty)
        #expect(journal.uploadedPart(for: "m/original")?.remoteURL == uploaded.remoteURL)
        #expect(folder.names(in: "journal").filter { $0.hasSuffix(".source") }.isEmpty)
    }
}
#endif
