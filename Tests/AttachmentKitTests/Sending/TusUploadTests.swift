#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Uploads against the PyPI `resumable-upload` tus server, directly and behind the fault proxy.
@Suite("Uploading with tus to a real server", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct TusUploadTests {
    static let fileSize = 3 << 20
    static let chunk: Int64 = 1 << 20
    /// The idle timeout of the uploads here: no loaded machine reaches it. A held PATCH ends when
    /// the test cancels the upload or releases the hold (``TusTestServer/release(patch:)``), not
    /// when a timeout passes.
    static let idleTimeout = 600.0

    static func coordinator(journal: UploadCoordinator.Journal? = nil, chunk: Int64? = chunk) -> UploadCoordinator {
        UploadCoordinator(
            journal: journal,
            configuration: UploadCoordinator.Configuration(
                maximumChunkByteCount: chunk, idleTimeout: idleTimeout,
                retryPolicy: RetryPolicy(maximumAttempts: 6, initialDelay: 0, jitter: 0),
                progressThrottle: .none))
    }

    static func part(_ url: URL, id: PartID = "m/original", type: MIMEType = .applicationOctetStream) -> LocalPart {
        LocalPart(id: id, mimeType: type, content: .file(url), transferStatus: .awaitingUpload)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a file goes up in PATCHes from disk; the server's file is the source, byte for byte")
    func uploads() async throws {
        let server = try await TusTestServer(faults: [])
        let folder = try StorageTemporaryDirectory("tus")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 1)
        let observer = RecordingObserver()
        let coordinator = Self.coordinator()
        coordinator.addObserver(observer, for: "m/original")
        let uploaded = try await coordinator.upload(Self.part(source), to: .tus(server.endpoint))
        await observer.waitUntilFinished()
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(uploaded.byteCount == Int64(Self.fileSize))
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 2 << 20])
        #expect(observer.results.count == 1)
        #expect(observer.progress.last?.completedBytes == Int64(Self.fileSize))
        #expect(observer.progress.map(\.completedBytes) == observer.progress.map(\.completedBytes).sorted())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("where the server offers sha256, every PATCH carries a checksum the server verifies")
    func checksums() async throws {
        let server = try await TusTestServer(faults: [], checksumAlgorithms: "sha1,sha256")
        let folder = try StorageTemporaryDirectory("tus")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 1 << 20, seed: 2)
        let uploaded = try await Self.coordinator(chunk: 400_000).upload(Self.part(source), to: .tus(server.endpoint))
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        #expect(server.patches.count == 3)
        #expect(server.patches.allSatisfy { $0.checksum?.hasPrefix("sha256 ") == true })
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "preflight: over the server's Tus-Max-Size or the app's limit, or of a type not allowed, nothing is sent")
    func preflight() async throws {
        let server = try await TusTestServer(faults: [], maximumSize: 1000)
        let folder = try StorageTemporaryDirectory("tus")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 4096, seed: 3)
        await #expect {
            try await Self.coordinator().upload(Self.part(source), to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, _, UploadError.tooLarge(_, 4096, 1000)) = error as? TransferError else {
                return false
            }
            return true
        }
        #expect(server.requests.map(\.method) == ["OPTIONS"])
        let limited = UploadCoordinator(
            configuration: UploadCoordinator.Configuration(maximumByteCount: 100, allowedTypes: [.imageJPEG]))
        await #expect {
            try await limited.upload(Self.part(source, type: .imageJPEG), to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, _, UploadError.tooLarge(_, 4096, 100)) = error as? TransferError else {
                return false
            }
            return true
        }
        await #expect {
            try await limited.upload(Self.part(source, type: .textPlain), to: .tus(server.endpoint))
        } throws: { error in
            guard case .failed(_, _, UploadError.typeNotAllowed(_, .textPlain)) = error as? TransferError else {
                return false
            }
            return true
        }
        #expect(server.requests.map(\.method) == ["OPTIONS"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("cancel() ends the upload on the server (termination) and forgets it")
    func cancelTerminates() async throws {
        let server = try await TusTestServer(faults: [.hold(patch: 1)])
        let folder = try StorageTemporaryDirectory("tus")
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: Self.fileSize, seed: 4)
        let coordinator = Self.coordinator(journal: journal)
        let upload = Task { try await coordinator.upload(Self.part(source), to: .tus(server.endpoint)) }
        try await waitUntil("the second PATCH to be held") { server.patches.count == 2 }
        let uploadURL = try #require(journal.pendingUpload(for: "m/original")?.uploadURL)
        #expect(journal.pendingUpload(for: "m/original")?.confirmedOffset == 1 << 20)
        coordinator.cancel("m/original")
        await #expect(throws: TransferError.self) { try await upload.value }
        #expect(journal.pendingUploads.isEmpty)
        #expect(server.requests.map(\.method).contains("DELETE"))
        #expect(!FileManager.default.fileExists(atPath: server.storedFile(for: uploadURL).path))
    }
}
#endif
