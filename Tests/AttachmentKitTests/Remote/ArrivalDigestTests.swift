import Foundation
import Testing

@testable import AttachmentKit

/// ``ArrivalDigest``: the SHA-256 of a download's bytes as they arrive, caught up from the
/// partial file where the download resumes.
@Suite("Arrival digest", .inTurn)
struct ArrivalDigestTests {
    @Test("a resume hashes the kept prefix from the file once, then the bytes that arrive")
    func resumeHashesPrefix() throws {
        let directory = try StorageTemporaryDirectory("arrival-digest")
        let bytes = RemoteTestContent.bytes(3_000_000, seed: 7)
        let file = directory.appending("partial")
        let kept = 1_234_567
        try bytes.prefix(kept).write(to: file)
        let digest = ArrivalDigest()
        try digest.catchUp(to: Int64(kept), fileAt: file.path)
        digest.update(bytes.dropFirst(kept))
        #expect(digest.finalize() == SHA256.hash(bytes))
        // Already caught up: nothing is read again (the file may even be gone).
        try FileManager.default.removeItem(at: file)
        try digest.catchUp(to: Int64(bytes.count), fileAt: file.path)
        #expect(digest.finalize() == SHA256.hash(bytes))
    }

    @Test("a restart from zero forgets what was hashed; a prefix the file lacks is a typed error")
    func restartAndShortFile() throws {
        let directory = try StorageTemporaryDirectory("arrival-digest")
        let file = directory.appending("partial")
        try Data(count: 10).write(to: file)
        let digest = ArrivalDigest()
        digest.update(Data("stale".utf8))
        try digest.catchUp(to: 0, fileAt: file.path)
        digest.update(Data("fresh".utf8))
        #expect(digest.finalize() == SHA256.hash(Data("fresh".utf8)))
        #expect(throws: RemotePartError.self) { try digest.catchUp(to: 11, fileAt: file.path) }
    }
}
