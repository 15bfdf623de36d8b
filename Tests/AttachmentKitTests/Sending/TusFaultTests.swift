#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Uploads through the fault proxy: after every fault the tus server's file is the source, byte
/// for byte, and the bytes sent again are bounded by what was in flight.
@Suite("Uploading with tus through faults", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct TusFaultTests {
    static let fileSize = 3 << 20

    /// Uploads a fresh random file through `faults`; returns the server, the source and the result.
    static func upload(
        _ faults: [TusTestServer.Fault], seed: UInt64
    ) async throws -> (TusTestServer, URL, UploadCoordinator.UploadedPart, StorageTemporaryDirectory) {
        let server = try await TusTestServer(faults: faults)
        let folder = try StorageTemporaryDirectory("tus-faults")
        let source = try SendingFixtures.randomFile(in: folder, name: "a.bin", count: fileSize, seed: seed)
        let uploaded = try await TusUploadTests.coordinator().upload(
            TusUploadTests.part(source), to: .tus(server.endpoint))
        #expect(try sha256Hex(of: server.storedFile(for: uploaded.remoteURL)) == sha256Hex(of: source))
        return (server, source, uploaded, folder)
    }

    /// The bytes the proxy received beyond the file's size: bytes sent again.
    static func resent(_ server: TusTestServer) -> Int64 {
        server.patches.map(\.received).reduce(0, +) - Int64(fileSize)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "connections dropped mid-PATCH at random offsets: the upload resumes from the server's offset, at most what was in flight sent again",
        arguments: [11, 12, 13] as [UInt64])
    func drops(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let faults = (0..<3).map { index in
            TusTestServer.Fault.drop(patch: index * 2, after: Int(random.next() % UInt64(TusUploadTests.chunk)))
        }
        let (server, _, _, _) = try await Self.upload(faults, seed: seed)
        // What was in flight at a drop is at most the dropped PATCH's chunk: the server may keep
        // all of what reached it (usually: nothing is sent again) or, when its handler of the
        // dropped request is still writing as the next HEAD asks, report less, and the client
        // sends again from the offset the server reports (seen once under load: one chunk).
        #expect(Self.resent(server) <= Int64(faults.count) * TusUploadTests.chunk)
        // Each PATCH after a drop starts at the offset the server reports, never past what the
        // dropped one delivered: no byte is skipped. (On Linux, libcurl retries a request whose
        // reused connection died with a body it can't rewind: the proxy sees it arrive empty,
        // and the idle timeout ends it.)
        let patches = server.patches.filter { $0.received > 0 }
        for (index, patch) in patches.enumerated().dropLast() where patch.fault == "drop" {
            #expect(patches[index + 1].offset <= patch.offset + patch.received)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 409 with a wrong offset is answered by asking the offset again")
    func conflict() async throws {
        let (server, _, _, _) = try await Self.upload(
            [.status(patch: 1, 409, headers: [["Upload-Offset", "12345"]])], seed: 21)
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 1 << 20, 2 << 20])
        #expect(server.requests.filter { $0.method == "HEAD" }.count >= 3)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a 503 is retried under the retry policy, from the server's offset")
    func serverError() async throws {
        let (server, _, _, _) = try await Self.upload(
            [.status(patch: 1, 503, headers: [["Retry-After", "0"]]), .status(patch: 2, 500)], seed: 22)
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 1 << 20, 1 << 20, 2 << 20])
        // The refused chunk was sent twice, nothing else: bounded by what was in flight.
        #expect(Self.resent(server) == 2 * TusUploadTests.chunk)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("an Upload-Offset past the bytes sent is refused and the true offset asked")
    func lyingOffset() async throws {
        let (server, _, _, _) = try await Self.upload([.lie(patch: 0, by: 1000)], seed: 23)
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 2 << 20])
        #expect(Self.resent(server) == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a server that loses the last chunk it acknowledged gets it again")
    func lostLastChunk() async throws {
        let (server, _, _, _) = try await Self.upload([.lose(patch: 2)], seed: 24)
        #expect(server.patches.map(\.offset) == [0, 1 << 20, 2 << 20, 2 << 20])
        #expect(Self.resent(server) == TusUploadTests.chunk)
    }
}
#endif
