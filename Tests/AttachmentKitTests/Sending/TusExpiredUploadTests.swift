#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A recorded tus upload the server no longer has (`404`, `410`) is created again from zero.
@Suite("Uploading with tus when the upload expired", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct TusExpiredUploadTests {
    static let chunk = TusUploadTests.chunk

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after a relaunch, an upload the server removed (404 to HEAD) is created again; the journal records the new one"
    )
    func removedWhileAway() async throws {
        // PATCH 1 is refused for good (400): the journal keeps the upload at 1 MiB. PATCH 3, the
        // second after the new creation, is held so that the journal can be read mid-way.
        let server = try await TusTestServer(faults: [.status(patch: 1, 400), .hold(patch: 3)])
        let folder = try StorageTemporaryDirectory("tus-expired")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: TusUploadTests.fileSize, seed: 71)
        let part = TusUploadTests.part(source)
        await #expect(throws: TransferError.self) {
            try await TusUploadTests.coordinator(journal: journal).upload(part, to: .tus(server.endpoint))
        }
        let old = try #require(journal.pendingUpload(for: part.id))
        let oldURL = try #require(old.uploadURL)
        #expect(old.confirmedOffset == Self.chunk)
        // The server forgets the upload (as when it expired): HEAD now answers 404.
        let direct = UploadAttempt(
            transport: URLSessionTransport.shared, configuration: UploadCoordinator.Configuration(), record: { _ in },
            progress: { _ in })
        let removed = try await direct.send(
            HTTPUploadRequest(method: "DELETE", url: oldURL, headers: TusUpload.tusHeaders()))
        #expect(removed.statusCode == 204)

        let relaunched = TusUploadTests.coordinator(journal: journal)
        let finished = LockedState(false)
        let resumed = Task {
            defer { finished.withLock { $0 = true } }
            return await relaunched.resumePendingUploads()
        }
        try await waitUntil("the second PATCH of the new upload to be held, or the resume to end") {
            server.patches.count == 4 || finished.withLock { $0 }
        }
        #expect(server.patches.count == 4)
        let recorded = try #require(journal.pendingUpload(for: part.id))
        #expect(recorded.uploadURL != nil && recorded.uploadURL != oldURL)
        #expect(recorded.confirmedOffset == Self.chunk)
        // The held PATCH's connection is closed: a lost connection, retried from the server's offset.
        server.release(patch: 3)
        let results = await resumed.value
        let uploaded = try #require(try results.first?.get())
        #expect(uploaded.remoteURL == recorded.uploadURL)
        #expect(server.requests.filter { $0.method == "POST" }.count == 2)
        #expect(
            server.patches.filter { $0.received > 0 }.map(\.offset) == [
                0, Self.chunk, 0, Self.chunk, Self.chunk, 2 * Self.chunk,
            ])
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(journal.uploadedPart(for: part.id)?.remoteURL == uploaded.remoteURL)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a 410 to a PATCH of an upload recorded before the attempt creates it again from zero")
    func goneOnPatch() async throws {
        // PATCH 1 fails with a 503 (the next attempt resumes the recorded upload); PATCH 2, that
        // attempt's first, is answered 410 Gone.
        let server = try await TusTestServer(faults: [.status(patch: 1, 503), .status(patch: 2, 410)])
        let folder = try StorageTemporaryDirectory("tus-expired")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: TusUploadTests.fileSize, seed: 72)
        let uploaded = try await TusUploadTests.coordinator().upload(
            TusUploadTests.part(source), to: .tus(server.endpoint))
        #expect(server.requests.filter { $0.method == "POST" }.count == 2)
        #expect(server.patches.map(\.offset) == [0, Self.chunk, Self.chunk, 0, Self.chunk, 2 * Self.chunk])
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an upload that the server answers 404 for right after creating it fails; it is not created in a loop")
    func goneRightAfterCreation() async throws {
        let server = try await TusTestServer(faults: [.status(patch: 0, 404)])
        let folder = try StorageTemporaryDirectory("tus-expired")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 4096, seed: 73)
        await #expect {
            try await TusUploadTests.coordinator().upload(TusUploadTests.part(source), to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, 1, UploadError.httpStatus(let status)) = error as? TransferError else {
                return false
            }
            return status.statusCode == 404
        }
        #expect(server.requests.filter { $0.method == "POST" }.count == 1)
    }
}
#endif
