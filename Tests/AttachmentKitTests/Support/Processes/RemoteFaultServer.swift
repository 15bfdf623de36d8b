#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

/// A scriptable HTTP/1.1 fault server (Python 3, see ``RemoteFaultServerScript``) on
/// 127.0.0.1, started by a test and stopped by it: per-request status, headers, body slices,
/// stalls, trickles and closes mid-body.
///
/// ```swift
/// let server = try await RemoteFaultServer(content: bytes, paths: ["/a": [.init(status: 200, ops: [.slice(0, 10)])]])
/// defer { server.stop() }
/// ```
final class RemoteFaultServer: Sendable {
    /// One scripted response.
    struct Response: Encodable, Sendable {
        var status: Int
        var headers: [[String]] = []
        var ops: [Op] = []
    }

    /// One step of a scripted response.
    struct Op: Encodable, Sendable {
        var op: String
        var seconds: Double?
        var start: Int?
        var end: Int?
        var interval: Double?
        var text: String?

        static let head = Op(op: "head")
        static let close = Op(op: "close")
        static func sleep(_ seconds: Double) -> Op { Op(op: "sleep", seconds: seconds) }
        static func slice(_ start: Int, _ end: Int) -> Op { Op(op: "slice", start: start, end: end) }
        static func raw(_ text: String) -> Op { Op(op: "raw", text: text) }
        /// Waits until the test calls ``RemoteFaultServer/release(_:)`` with `name`: a stall
        /// that ends when the test says, not after a time a loaded machine may outlast.
        static func gate(_ name: String) -> Op { Op(op: "gate", text: name) }
        /// Sends nothing until the client closes the connection: a stall that the server never
        /// ends itself (see ``waitUntilBrokenOff(_:)``).
        static let hold = Op(op: "hold")
        static func trickle(_ start: Int, _ end: Int, every interval: Double) -> Op {
            Op(op: "trickle", start: start, end: end, interval: interval)
        }
    }

    /// A request the server saw.
    struct Request: Decodable, Sendable {
        var path: String
        var headers: [String: String]
    }

    private struct Script: Encodable {
        var content: String
        var paths: [String: [Response]]
    }

    let port: Int
    /// The server's process identifier.
    var processIdentifier: pid_t { child.pid }
    private let directory: StorageTemporaryDirectory
    private let child: ChildProcess
    private let stopped = LockedState(false)

    /// Starts a server that answers requests to each path with its responses in turn, waiting
    /// for Python to start off the concurrency pool (``offThePool(_:)``).
    init(content: Data, paths: [String: [Response]]) async throws {
        directory = try StorageTemporaryDirectory("fault-server")
        let contentURL = directory.appending("content")
        try content.write(to: contentURL)
        let scriptURL = directory.appending("script.json")
        try JSONEncoder().encode(Script(content: contentURL.path, paths: paths)).write(to: scriptURL)
        let sourceURL = directory.appending("server.py")
        try Data(RemoteFaultServerScript.source.utf8).write(to: sourceURL)
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "python3", sourceURL.path, scriptURL.path, directory.appending("requests.jsonl").path,
            ])
        self.child = child
        // A bounded wait: a server that never prints its port fails this test, not the run.
        let printed = await offThePool { child.readAvailable(waitingAtMost: 120) }
        let line = String(decoding: printed ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(line) else {
            child.terminate()
            _ = child.wait()
            throw ServerError.didNotStart(line)
        }
        self.port = port
    }

    enum ServerError: Error { case didNotStart(String) }

    /// The URL of `path` on the server, by IP address.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The URL of `path` by the name `localhost`: another origin than ``url(_:)``.
    func otherOriginURL(_ path: String) -> URL { URL(string: "http://localhost:\(port)\(path)")! }

    /// The requests seen so far, in order.
    var requests: [Request] {
        guard let text = try? String(contentsOf: directory.appending("requests.jsonl"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// The requests seen for `path`.
    func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// How many responses to `path` the client broke off: it closed or reset the connection
    /// while the server held it or was still sending.
    func brokenOff(_ path: String) -> Int {
        let text = (try? String(contentsOf: directory.appending("broken-off"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0 == path }.count
    }

    /// Waits until the client has broken off a response to `path` (only the test's time limit
    /// ends the wait). A test that stops the server only then never has the server close a
    /// connection while the client's cancel is on its way: FoundationNetworking traps when a
    /// cancel reaches a task the server's close has already completed.
    func waitUntilBrokenOff(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitUntil("the client to break off \(path)", sourceLocation: sourceLocation) { brokenOff(path) > 0 }
    }

    /// Opens the gate `name`: every response waiting at ``Op/gate(_:)`` with it goes on, and
    /// later ones pass it at once.
    func release(_ name: String) throws {
        try Data().write(to: directory.appending("gate-\(name)"))
    }

    /// Stops the server and waits for it to end.
    func stop() {
        guard
            stopped.withLock({ wasStopped in
                defer { wasStopped = true }; return !wasStopped
            })
        else { return }
        child.terminate()
        _ = child.wait()
    }

    deinit { stop() }
}
#endif
