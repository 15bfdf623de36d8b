#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// nginx (`nginx-light`, built with its WebDAV module) taking plain `PUT`s into `/uploads/`
/// on 127.0.0.1, optionally behind the fault proxy of the tus tests; stopped when released.
final class PlainUploadTestServer: Sendable {
    let nginx: RemoteNginxServer
    /// The proxy's log folder.
    let directory: StorageTemporaryDirectory
    /// The port to send to: the proxy's, when there is one.
    let port: Int
    private let proxy: ChildProcess?

    /// Starts nginx (and the proxy with `faults`, when not `nil`).
    init(faults: [TusTestServer.Fault]? = nil) async throws {
        nginx = try await RemoteNginxServer(
            extra: "location /uploads/ { dav_methods PUT; create_full_put_path on; client_max_body_size 0; }")
        directory = try StorageTemporaryDirectory("put-proxy")
        if let faults {
            let started = try await TusTestServer.startProxy(upstream: nginx.port, faults: faults, in: directory)
            proxy = started.child
            port = started.port
        } else {
            proxy = nil
            port = nginx.port
        }
    }

    /// Where a `PUT` of `name` goes.
    func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(port)/uploads/\(name)")! }

    /// The file nginx stored for `name`.
    func storedFile(_ name: String) -> URL { nginx.root.appendingPathComponent("uploads/\(name)") }

    /// The PUTs the proxy saw, in order.
    var puts: [TusTestServer.Patch] { TusTestServer.requests(loggedIn: directory).filter { $0.method == "PUT" } }

    deinit {
        proxy?.terminate()
        _ = proxy?.wait()
        nginx.stop()
    }
}
#endif
