import Foundation
import Testing

@testable import AttachmentKit

/// A file store in a temporary directory, a coordinator over it and a downloader that allows
/// plain http, for tests of ``RemotePart`` against local servers.
final class RemoteTestHarness: Sendable {
    let directory: StorageTemporaryDirectory
    let store: FileContentStore
    let downloader: RemotePart.Downloader
    let coordinator: DownloadCoordinator

    /// Creates a harness; with `store`, over that store directory (which the caller removes)
    /// instead of a new temporary one; with `clock`, the coordinator's retry back-off and its
    /// downloads' idle timeout and deadline run on that clock instead of the system's.
    init(
        configuration: RemotePart.Configuration = RemoteTestHarness.configuration(),
        retryPolicy: RetryPolicy = .never, transport: any HTTPTransport = URLSessionTransport.shared,
        store storeDirectory: URL? = nil, clock: any TransferClock = SystemTransferClock()
    ) throws {
        directory = try StorageTemporaryDirectory("remote")
        store = try FileContentStore(
            directory: storeDirectory ?? directory.url, byteCapacity: 1 << 30, durability: .processCrashSafe)
        downloader = RemotePart.Downloader(transport: transport, configuration: configuration)
        coordinator = DownloadCoordinator(
            store: store, configuration: .init(retryPolicy: retryPolicy, clock: clock))
    }

    /// A configuration for loopback servers: http and file allowed. The timeouts are long by
    /// default (below the remote suites' five-minute limit), so that no loaded machine (or the
    /// thread sanitizer) reaches them; tests of timeouts pass their own and move a test clock.
    static func configuration(
        idleTimeout: Double = 240, totalTimeout: Double = 270, maximumByteCount: Int64 = 64 << 20,
        maximumRedirects: Int = 10
    ) -> RemotePart.Configuration {
        RemotePart.Configuration(
            allowedSchemes: ["http", "https", "file"], maximumByteCount: maximumByteCount,
            maximumRedirects: maximumRedirects, idleTimeout: idleTimeout, totalTimeout: totalTimeout)
    }

    /// A part at `url` downloaded by this harness's downloader.
    func part(
        _ url: URL, id: String = "remote", mimeType: MIMEType = .applicationOctetStream, byteCount: Int64? = nil,
        sha256: String? = nil, hooks: RemotePart.Hooks = RemotePart.Hooks()
    ) -> RemotePart {
        RemotePart(
            id: PartID(id), url: url, mimeType: mimeType, byteCount: byteCount, sha256: sha256, hooks: hooks,
            downloader: downloader)
    }

    /// Downloads `part` through the coordinator.
    func download(_ part: RemotePart) async -> Result<PartContent, TransferError> {
        do {
            return .success(try await coordinator.content(for: part))
        } catch {
            return .failure(error)
        }
    }

    /// The underlying ``RemotePartError`` of a failed download, if that is what it was.
    static func remoteError(_ result: Result<PartContent, TransferError>) -> RemotePartError? {
        guard case .failure(let error) = result else { return nil }
        return error.underlying as? RemotePartError
    }

    /// What the store holds for `id`: its entry and its kept partial download.
    func stored(_ id: String = "remote") async -> (content: PartContent?, partialBytes: Int64?) {
        let key = ContentKey(partID: PartID(id))
        return (await store.content(for: key), await store.partialDownload(for: key)?.byteCount)
    }

    /// Waits until at least `bytes` bytes of `id`'s download are written to its partial file
    /// (however long that takes: only the test's time limit ends the wait).
    func waitForPartial(
        atLeast bytes: Int64, id: String = "remote", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitUntil("\(bytes) bytes of \(id)'s partial download", sourceLocation: sourceLocation) {
            (await stored(id).partialBytes ?? 0) >= bytes
        }
    }

    /// The names of the files in the store's partial-download folder.
    var partialFiles: [String] { directory.names(in: "partial") }
}

/// Test content: random bytes with a seed, or a PNG header followed by them.
enum RemoteTestContent {
    static func bytes(_ count: Int, seed: UInt64 = 1) -> Data {
        var random = SeededRandom(seed: seed)
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        return Data(bytes)
    }

    /// A PNG (a valid header) of `count` bytes in all.
    static func png(_ count: Int, seed: UInt64 = 1) -> Data {
        let header = SyntheticImages.png(width: 64, height: 48)
        return header + bytes(max(0, count - header.count), seed: seed)
    }

    /// The bytes of downloaded content, to compare with `==` (a `memcmp`). Hashing both sides
    /// instead cost 25 s for 20 MiB under the thread sanitizer, where the debug build's SHA-256
    /// runs instrumented.
    static func contents(_ content: PartContent?) -> Data? {
        guard let content else { return nil }
        return try? content.bytes()
    }

    /// `data` itself, so that a comparison reads the same on both sides.
    static func contents(_ data: Data) -> Data? { data }

    /// The SHA-256 of `data` in hexadecimal.
    static func sha256(_ data: Data) -> String { SHA256.hash(data).hex }
}
