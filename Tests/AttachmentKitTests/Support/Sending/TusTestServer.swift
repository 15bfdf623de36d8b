#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The PyPI `resumable-upload` tus server on 127.0.0.1 (installed by `.ci/install-tools`),
/// optionally behind a fault proxy, started by a test and stopped when released.
final class TusTestServer: Sendable {
    /// One fault of the proxy, applied to the PATCH (or PUT) with index `patch` (0-based).
    struct Fault: Encodable, Sendable {
        var patch: Int
        var fault: String
        var after: Int?
        var status: Int?
        var headers: [[String]]?
        var by: Int?

        static func drop(patch: Int, after bytes: Int) -> Fault { Fault(patch: patch, fault: "drop", after: bytes) }
        static func status(patch: Int, _ status: Int, headers: [[String]] = []) -> Fault {
            Fault(patch: patch, fault: "status", status: status, headers: headers)
        }
        static func lie(patch: Int, by bytes: Int) -> Fault { Fault(patch: patch, fault: "lie", by: bytes) }
        static func lose(patch: Int) -> Fault { Fault(patch: patch, fault: "lose") }
        static func hold(patch: Int) -> Fault { Fault(patch: patch, fault: "hold") }
        static func corrupt(patch: Int) -> Fault { Fault(patch: patch, fault: "corrupt") }
        static func stop(patch: Int, after bytes: Int) -> Fault { Fault(patch: patch, fault: "stop", after: bytes) }
        static func stall(patch: Int, after bytes: Int) -> Fault { Fault(patch: patch, fault: "stall", after: bytes) }
    }

    /// A PATCH the proxy saw.
    struct Patch: Decodable, Sendable {
        var method: String
        var offset: Int64
        var length: Int64
        var received: Int64
        var fault: String?
        var checksum: String?
    }

    let directory: StorageTemporaryDirectory
    /// The tus server's port.
    let serverPort: Int
    /// The port to send to: the proxy's, when there is one.
    let port: Int
    private let children: [ChildProcess]

    /// Starts the server (and the proxy with `faults`, when not `nil`).
    init(faults: [Fault]? = nil, maximumSize: Int = 0, checksumAlgorithms: String = "sha1") async throws {
        directory = try StorageTemporaryDirectory("tus-server")
        let parent = String(ProcessInfo.processInfo.processIdentifier)
        let server = try await Self.start(
            TusServerScripts.server, in: directory, name: "server.py",
            arguments: [directory.url.path, String(maximumSize), checksumAlgorithms, parent])
        var children = [server.child]
        serverPort = server.port
        if let faults {
            do {
                let proxy = try await Self.startProxy(upstream: server.port, faults: faults, in: directory)
                children.append(proxy.child)
                port = proxy.port
            } catch {
                server.child.terminate()
                _ = server.child.wait()
                throw error
            }
        } else {
            port = server.port
        }
        self.children = children
    }

    /// Starts the fault proxy in front of `upstream` (any HTTP server on 127.0.0.1), logging to
    /// `proxy.jsonl` in `directory`.
    static func startProxy(upstream: Int, faults: [Fault], in directory: StorageTemporaryDirectory) async throws
        -> (child: ChildProcess, port: Int)
    {
        let faultsURL = directory.appending("faults.json")
        try JSONEncoder().encode(faults).write(to: faultsURL)
        return try await start(
            TusServerScripts.proxy, in: directory, name: "proxy.py",
            arguments: [
                String(upstream), faultsURL.path, directory.appending("proxy.jsonl").path,
                String(ProcessInfo.processInfo.processIdentifier),
            ])
    }

    private static func start(
        _ source: String, in directory: StorageTemporaryDirectory, name: String, arguments: [String]
    ) async throws -> (child: ChildProcess, port: Int) {
        let script = directory.appending(name)
        try Data(source.utf8).write(to: script)
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script.path] + arguments)
        let printed = await offThePool { child.readAvailable(waitingAtMost: 120) }
        let line = String(decoding: printed ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(line) else {
            child.terminate()
            _ = child.wait()
            throw StartError.didNotStart(name, line)
        }
        return (child, port)
    }

    enum StartError: Error { case didNotStart(String, String) }

    /// The creation endpoint.
    var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/files")! }

    /// The bytes the tus server stored for the upload at `uploadURL`.
    func storedFile(for uploadURL: URL) -> URL {
        directory.appending("files").appendingPathComponent(uploadURL.lastPathComponent)
    }

    /// The requests the proxy saw, in order.
    var requests: [Patch] { Self.requests(loggedIn: directory) }

    /// The requests a proxy logging in `directory` saw, in order.
    static func requests(loggedIn directory: StorageTemporaryDirectory) -> [Patch] {
        let text = (try? String(contentsOf: directory.appending("proxy.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Patch.self, from: Data($0.utf8)) }
    }

    /// Whether a `stop` fault has forwarded its bytes and holds the client.
    var hasStopped: Bool { FileManager.default.fileExists(atPath: directory.appending("proxy.jsonl.stopped").path) }

    /// Ends a `hold` fault of the PATCH numbered `patch`: the proxy closes that connection, as a
    /// server that gave up on it would (at once if it holds it now, else as soon as it does).
    func release(patch: Int) {
        _ = FileManager.default.createFile(
            atPath: directory.appending("proxy.jsonl.release-\(patch)").path, contents: nil)
    }

    /// The PATCHes the proxy saw, in order.
    var patches: [Patch] { requests.filter { $0.method == "PATCH" } }

    deinit {
        for child in children.reversed() {
            child.terminate()
            _ = child.wait()
        }
    }
}

/// The SHA-256 of a file, as hex, read in pieces.
func sha256Hex(of url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var hasher = SHA256()
    while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { hasher.update(piece) }
    return hasher.finalize().hex
}
#endif
