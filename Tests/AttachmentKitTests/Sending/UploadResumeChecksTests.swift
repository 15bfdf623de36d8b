#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Every check the resume path makes before it sends a byte: the journal's copy of the source has
/// the size it had when the upload started (the journal's hard link follows the original, so a
/// picker's file grown or cut in place is caught), is still there, goes to the same destination,
/// and the server's offset is one the file can have, in a version of tus spoken here. A resume
/// that fails one sends nothing: no byte of another file is spliced onto the server's.
@Suite("Resuming an upload: the checks before the first byte", .serialized, .inTurn)
struct UploadResumeChecksTests {
    /// An upload kept in a journal at 1 MiB of 3 MiB: the server refused PATCH 1 for good.
    private struct KeptUpload {
        let server: TusTestServer
        let folder: StorageTemporaryDirectory
        let journal: UploadCoordinator.Journal
        let source: URL
        let part: LocalPart

        init(seed: UInt64) async throws {
            server = try await TusTestServer(faults: [.status(patch: 1, 400)])
            folder = try StorageTemporaryDirectory("tus-resume")
            journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
            source = try SendingFixtures.randomFile(
                in: folder, name: "a.bin", count: TusUploadTests.fileSize, seed: seed)
            part = TusUploadTests.part(source)
            let coordinator = TusUploadTests.coordinator(journal: journal)
            await #expect(throws: TransferError.self) {
                try await coordinator.upload(part, to: .tus(server.endpoint))
            }
            #expect(journal.pendingUpload(for: part.id)?.confirmedOffset == TusUploadTests.chunk)
        }

        /// Resumes after a relaunch; expects `sourceChanged` with `found`, and no request at all.
        func expectRefused(found: Int64?, sourceLocation: SourceLocation = #_sourceLocation) async {
            let before = server.requests.count
            let results = await TusUploadTests.coordinator(journal: journal).resumePendingUploads()
            guard case .failure(.failed(_, _, let error))? = results.first,
                case .sourceChanged(_, let expected, let size)? = error as? UploadError
            else {
                Issue.record("expected sourceChanged, got \(results)", sourceLocation: sourceLocation)
                return
            }
            #expect(expected == Int64(TusUploadTests.fileSize), sourceLocation: sourceLocation)
            #expect(size == found, sourceLocation: sourceLocation)
            #expect(server.requests.count == before, "nothing sent", sourceLocation: sourceLocation)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the picker's file grown in place since the upload started: the journal's link follows it, the resume refuses",
        .timeLimit(.minutes(1)))
    func sourceGrew() async throws {
        let kept = try await KeptUpload(seed: 81)
        let original = try FileHandle(forWritingTo: kept.source)
        try original.seekToEnd()
        original.write(Data(repeating: 7, count: 10))
        try original.close()
        await kept.expectRefused(found: Int64(TusUploadTests.fileSize) + 10)
        // Sending the part again meets the same check.
        let before = kept.server.requests.count
        await #expect(throws: TransferError.self) {
            try await TusUploadTests.coordinator(journal: kept.journal).upload(
                kept.part, to: .tus(kept.server.endpoint))
        }
        #expect(kept.server.requests.count == before)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the picker's file rewritten in place to the same size: its modification time tells, the resume refuses",
        .timeLimit(.minutes(1)))
    func sourceRewrittenSameSize() async throws {
        let kept = try await KeptUpload(seed: 87)
        let before = try #require(UploadAttempt.modificationDate(of: kept.source))
        let original = try FileHandle(forWritingTo: kept.source)
        try original.seek(toOffset: 2 << 20)
        original.write(Data(repeating: 7, count: 10))
        try original.close()
        try #require(UploadAttempt.modificationDate(of: kept.source) != before, "the file system kept the time")
        await kept.expectRefused(found: Int64(TusUploadTests.fileSize))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the picker's file cut short in place: the resume refuses, nothing sent", .timeLimit(.minutes(1)))
    func sourceShrank() async throws {
        let kept = try await KeptUpload(seed: 82)
        let original = try FileHandle(forWritingTo: kept.source)
        try original.truncate(atOffset: 1000)
        try original.close()
        await kept.expectRefused(found: 1000)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the journal's copy gone: the resume refuses, nothing sent", .timeLimit(.minutes(1)))
    func sourceGone() async throws {
        let kept = try await KeptUpload(seed: 83)
        let copy = try #require(kept.journal.pendingUpload(for: kept.part.id)?.source)
        try FileManager.default.removeItem(at: copy)
        await kept.expectRefused(found: nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the picker's file removed: the journal's copy is the file, and the upload resumes from the server's offset",
        .timeLimit(.minutes(1)))
    func originalRemoved() async throws {
        let kept = try await KeptUpload(seed: 84)
        let digest = try sha256Hex(of: kept.source)
        try FileManager.default.removeItem(at: kept.source)
        let results = await TusUploadTests.coordinator(journal: kept.journal).resumePendingUploads()
        let uploaded = try #require(try results.first?.get())
        #expect(try sha256Hex(of: kept.server.storedFile(for: uploaded.remoteURL)) == digest)
        #expect(kept.server.patches.last?.offset == 2 * TusUploadTests.chunk)
        #expect(kept.server.requests.filter { $0.method == "POST" }.count == 1)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the part sent to another destination: a new upload from zero there, not a resume", .timeLimit(.minutes(1)))
    func otherDestination() async throws {
        let kept = try await KeptUpload(seed: 85)
        let other = try await TusTestServer(faults: [])
        let uploaded = try await TusUploadTests.coordinator(journal: kept.journal).upload(
            kept.part, to: .tus(other.endpoint))
        #expect(other.requests.filter { $0.method == "POST" }.count == 1)
        #expect(other.patches.first?.offset == 0)
        #expect(try sha256Hex(of: other.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: kept.source))
    }
}

/// The server's answers to the resume's `HEAD`, scripted: an offset past the file, none, or a tus
/// version not spoken here each fail the resume before any `PATCH`.
@Suite("Resuming an upload: the server's offset is checked before the first byte", .serialized, .inTurn)
struct UploadResumeOffsetTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "HEAD with an offset past the file, without one, or 412: a typed error and no PATCH",
        .timeLimit(.minutes(1)),
        arguments: [
            (200, [["Upload-Offset", "5000"]], "offsetOutOfRange"), (200, [], "missingOffset"),
            (412, [["Tus-Version", "0.2.2"]], "unsupportedProtocolVersion"),
        ] as [(Int, [[String]], String)])
    func serverOffset(status: Int, headers: [[String]], expected: String) async throws {
        let server = try await RemoteFaultServer(
            content: Data(),
            paths: [
                "/files": [.init(status: 404)],
                "/files/1": [.init(status: status, headers: [["Tus-Resumable", "1.0.0"]] + headers)],
            ])
        defer { server.stop() }
        let folder = try StorageTemporaryDirectory("tus-resume-offset")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: 4096, seed: 86)
        let journal = try UploadCoordinator.Journal(directory: folder.appending("journal"))
        var pending = try journal.adopt(
            "m/original", mimeType: .applicationOctetStream, content: .file(source),
            destination: .tus(server.url("/files")))
        pending.uploadURL = server.url("/files/1")
        pending.confirmedOffset = 1000
        try journal.record(pending)
        let coordinator = UploadCoordinator(
            journal: journal, configuration: UploadCoordinator.Configuration(idleTimeout: 10, retryPolicy: .never))
        let results = await coordinator.resumePendingUploads()
        guard case .failure(.failed(_, _, let error))? = results.first, let upload = error as? UploadError else {
            Issue.record("expected an UploadError, got \(results)")
            return
        }
        #expect("\(upload)".isEmpty == false)
        #expect(Self.caseName(upload) == expected, "\(upload)")
        let patches = server.requests(to: "/files/1").filter { $0.headers["content-type"] != nil }
        #expect(patches.isEmpty, "no PATCH")
        #expect(server.requests(to: "/files/1").count == 1)
    }

    private static func caseName(_ error: UploadError) -> String {
        switch error {
        case .offsetOutOfRange(_, 5000, 4096): "offsetOutOfRange"
        case .missingOffset: "missingOffset"
        case .unsupportedProtocolVersion("0.2.2"): "unsupportedProtocolVersion"
        default: "\(error)"
        }
    }
}
#endif
