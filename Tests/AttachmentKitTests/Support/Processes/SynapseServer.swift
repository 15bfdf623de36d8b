#if os(macOS) || os(Linux)
// Spawns Synapse with ChildProcess: macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real Synapse homeserver on 127.0.0.1 (`matrix-synapse` from PyPI in the virtual
/// environment `.ci/install-tools` makes in `.build/synapse-venv`), with SQLite, offline
/// (`trusted_key_servers: []`), rate limits raised, uploads limited to ``maximumUploadByteCount``,
/// and every request logged; started once per suite by ``SynapseSuite``. The media repository's
/// one rate limiter, on `POST /_matrix/media/v1/create` (which the client does not use), allows one
/// request per 20 s, so that a test can meet Synapse's own `429`.
final class SynapseServer: Sendable {
    /// The upload limit the server is given (`max_upload_size`).
    static let maximumUploadByteCount = 1 << 20
    static let sharedSecret = "attachmentkit-tests"

    let port: Int
    let directory: StorageTemporaryDirectory
    private let child: ChildProcess
    private let stopped = LockedState(false)

    /// The Python of the virtual environment: `ATTACHMENTKIT_SYNAPSE_PYTHON`, or
    /// `.build/synapse-venv/bin/python` in the package.
    static var python: URL {
        if let path = ProcessInfo.processInfo.environment["ATTACHMENTKIT_SYNAPSE_PYTHON"] {
            return URL(fileURLWithPath: path)
        }
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(".build/synapse-venv/bin/python")
    }

    /// Whether Synapse is installed where ``python`` says.
    static var isInstalled: Bool {
        let python = python
        let package = python.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib")
        let found = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
        return FileManager.default.isExecutableFile(atPath: python.path)
            && found.contains { FileManager.default.fileExists(atPath: package.path + "/\($0)/site-packages/synapse") }
    }

    /// The base URL.
    var homeserver: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes the configuration and a signing key, starts Synapse and waits (at most 120 s) until
    /// it answers `/_matrix/client/versions`.
    init() async throws {
        directory = try StorageTemporaryDirectory("synapse")
        port = try RemoteNginxServer.freePort()
        let base = directory.url.path
        try Data(Self.configuration(base: base, port: port).utf8).write(to: directory.appending("homeserver.yaml"))
        try Data(Self.logConfiguration(base: base).utf8).write(to: directory.appending("log.yaml"))
        // An ed25519 key is any 32 bytes: written here rather than by `--generate-keys` (5 s).
        var generator = SystemRandomNumberGenerator()
        let seed = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let key = seed.base64EncodedString().replacingOccurrences(of: "=", with: "")
        try Data("ed25519 a_test \(key)\n".utf8).write(to: directory.appending("signing.key"))
        child = try ChildProcess(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", "exec \"$0\" -m synapse.app.homeserver -c \"$1\" 2>\"$2\"", Self.python.path,
                directory.appending("homeserver.yaml").path, directory.appending("stderr.log").path,
            ])
        let url = URL(string: "http://127.0.0.1:\(port)/_matrix/client/versions")!
        for _ in 0..<600 {
            if let (_, response) = try? await URLSession.shared.data(from: url),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            if let status = await offThePool({ [child] in child.wait(atMost: 0.2) }) {
                throw StartError.exited(status, stderr)
            }
        }
        stop()
        throw StartError.didNotAnswer(stderr)
    }

    enum StartError: Error, CustomStringConvertible {
        case exited(Int32, String)
        case didNotAnswer(String)
        var description: String {
            switch self {
            case .exited(let status, let text): "Synapse exited with status \(status): \(text.suffix(2000))"
            case .didNotAnswer(let text): "Synapse did not answer within 120 s: \(text.suffix(2000))"
            }
        }
    }

    /// What Synapse wrote to standard error.
    var stderr: String { (try? String(contentsOf: directory.appending("stderr.log"), encoding: .utf8)) ?? "" }

    /// The request lines Synapse logged (`GET /_matrix/... HTTP/1.1`), in order.
    var requestLines: [String] {
        let log = (try? String(contentsOf: directory.appending("homeserver.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("Processed request") }.compactMap { line in
            guard let start = line.range(of: "\""), let end = line[start.upperBound...].range(of: "\"") else {
                return nil
            }
            return String(line[start.upperBound..<end.lowerBound])
        }
    }

    /// Stops Synapse and waits for it.
    func stop() {
        guard
            stopped.withLock({ wasStopped in
                defer { wasStopped = true }
                return !wasStopped
            })
        else { return }
        child.terminate()
        _ = child.wait()
    }

    deinit { stop() }

    private static func configuration(base: String, port: Int) -> String {
        let unlimited = "{per_second: 1000, burst_count: 1000}"
        return """
            server_name: "localhost"
            pid_file: \(base)/homeserver.pid
            listeners:
              - {port: \(port), bind_addresses: ['127.0.0.1'], type: http, tls: false, x_forwarded: false,
                 resources: [{names: [client], compress: false}]}
            database: {name: sqlite3, args: {database: \(base)/homeserver.db}}
            log_config: \(base)/log.yaml
            media_store_path: \(base)/media
            signing_key_path: \(base)/signing.key
            registration_shared_secret: "\(sharedSecret)"
            macaroon_secret_key: "attachmentkit-macaroon"
            form_secret: "attachmentkit-form"
            report_stats: false
            trusted_key_servers: []
            suppress_key_server_warning: true
            enable_metrics: false
            url_preview_enabled: false
            max_upload_size: \(maximumUploadByteCount)
            rc_message: \(unlimited)
            rc_registration: \(unlimited)
            rc_room_creation: \(unlimited)
            rc_media_create: {per_second: 0.05, burst_count: 1}
            rc_joins: {local: \(unlimited), remote: \(unlimited)}
            rc_invites: {per_room: \(unlimited), per_user: \(unlimited), per_issuer: \(unlimited)}
            rc_login: {address: \(unlimited), account: \(unlimited), failed_attempts: \(unlimited)}
            """
    }

    private static func logConfiguration(base: String) -> String {
        """
        version: 1
        formatters: {plain: {format: '%(asctime)s %(name)s %(levelname)s %(message)s'}}
        handlers: {file: {class: logging.FileHandler, formatter: plain, filename: \(base)/homeserver.log}}
        loggers: {synapse.storage.SQL: {level: WARNING}}
        root: {level: INFO, handlers: [file]}
        disable_existing_loggers: false
        """
    }
}
#endif
