#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

#if canImport(Glibc)
import Glibc
#endif

/// `SOCK_STREAM` as `socket(2)` takes it: an enumerator with a `UInt32` raw value in Glibc,
/// a plain `Int32` macro on Darwin.
#if canImport(Glibc)
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocketType = SOCK_STREAM
#endif

/// A real nginx on 127.0.0.1, started by a test with a configuration generated in a
/// temporary directory, serving the files the test puts in ``root`` with ETags and ranges;
/// stopped by the test (and at the latest when released).
///
/// Every request is logged (URI, status, bytes sent, `Range`, `If-Range`, `Accept-Encoding`,
/// the host it was sent to and its `Authorization`) so that tests can count requests and bytes.
final class RemoteNginxServer: Sendable {
    /// A logged request.
    struct Request: Sendable {
        var uri: String
        var status: Int
        var bodyBytes: Int64
        var range: String
        var ifRange: String
        var acceptEncoding: String
        /// The name the request was sent to (`127.0.0.1`, `localhost`): its origin's host.
        var host: String
        /// The request's `Authorization` header; nginx logs a missing one as `-`.
        var authorization: String

        /// Whether the request had a `Range` header (nginx logs a missing one as `-`).
        var hasRange: Bool { !range.isEmpty && range != "-" }
    }

    let port: Int
    /// The server's process identifier.
    var processIdentifier: pid_t { child.pid }
    /// The document root.
    let root: URL
    private let directory: StorageTemporaryDirectory
    private let child: ChildProcess
    private let stopped = LockedState(false)

    /// Whether nginx is installed (`.ci/install-tools` installs `nginx-light`).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") }

    /// Starts nginx; `extra` is added to the `server` block (for example `gzip on;`). The wait
    /// for its port runs off the concurrency pool (``offThePool(_:)``).
    init(extra: String = "") async throws {
        directory = try StorageTemporaryDirectory("nginx")
        root = directory.url.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let port = try Self.freePort()
        self.port = port
        let base = directory.url.path
        let configuration = """
            master_process off;
            daemon off;
            worker_processes 1;
            pid \(base)/nginx.pid;
            error_log \(base)/error.log warn;
            events { worker_connections 256; }
            http {
                log_format logged '$request_uri|$status|$body_bytes_sent|$http_range|$http_if_range|$http_accept_encoding|$host|$http_authorization';
                access_log \(base)/access.log logged;
                client_body_temp_path \(base)/body;
                proxy_temp_path \(base)/proxy;
                fastcgi_temp_path \(base)/fastcgi;
                uwsgi_temp_path \(base)/uwsgi;
                scgi_temp_path \(base)/scgi;
                default_type application/octet-stream;
                types { image/png png; image/jpeg jpg; text/html html; }
                sendfile on;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    etag on;
                    location = \(Self.barrierPath) { access_log off; return 204; }
                    \(extra)
                }
            }
            """
        let configurationURL = directory.appending("nginx.conf")
        try Data(configuration.utf8).write(to: configurationURL)
        child = try ChildProcess(
            URL(fileURLWithPath: "/usr/sbin/nginx"), arguments: ["-p", base, "-c", configurationURL.path])
        guard await offThePool({ Self.waitUntilListening(port) }) else {
            child.terminate()
            _ = child.wait()
            throw ServerError.didNotStart(
                (try? String(contentsOf: directory.appending("error.log"), encoding: .utf8)) ?? "")
        }
    }

    enum ServerError: Error { case didNotStart(String), noFreePort }

    /// Directives that make a download without `Range` all but stall after `bytes` bytes (10
    /// KB/s), so that a test can interrupt it whatever the machine's load, while a resume (a
    /// request with `Range`) runs at full speed.
    static func stallingAfter(_ bytes: Int) -> String {
        "limit_rate_after \(bytes); set $limit_rate 10k; if ($http_range) { set $limit_rate 0; }"
    }

    /// The URL of a file in ``root``.
    func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(name)")! }

    /// Writes a file into ``root``.
    func serve(_ data: Data, as name: String) throws {
        try data.write(to: root.appendingPathComponent(name), options: .atomic)
    }

    /// The requests logged so far: every one whose response has ended (``passBarrier()``).
    var requests: [Request] {
        passBarrier()
        guard let text = try? String(contentsOf: directory.appending("access.log"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let status = Int(fields[1]), let bytes = Int64(fields[2]) else { return nil }
            return Request(
                uri: fields[0], status: status, bodyBytes: bytes, range: fields[3], ifRange: fields[4],
                acceptEncoding: fields[5], host: fields[6], authorization: fields[7])
        }
    }

    /// Waits until `count` requests are logged. nginx logs a request when it ends, and notices
    /// a client that went away only at its next write: a cancelled request can be logged after
    /// a later one, or not yet when the test looks.
    func waitForRequests(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await waitUntil("\(count) requests in nginx's log", sourceLocation: sourceLocation) {
            requests.count >= count
        }
    }

    /// Writes a file into ``root`` to replace one of the same size, with a modification time
    /// `seconds` later than the old one's: nginx's ETag is the modification time (in seconds)
    /// and the size, so a replacement within the same second would keep the old ETag.
    func replace(_ name: String, with data: Data, secondsLater seconds: TimeInterval = 10) throws {
        let url = root.appendingPathComponent(name)
        let old = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? Date()
        try serve(data, as: name)
        try FileManager.default.setAttributes(
            [.modificationDate: old.addingTimeInterval(seconds)], ofItemAtPath: url.path)
    }

    /// Stops nginx and waits for it.
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

    /// A port nothing listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { throw ServerError.noFreePort }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw ServerError.noFreePort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits (at most 2 minutes, in 20 ms steps: a loaded machine can take long to start a
    /// process) until something accepts connections on `port`.
    static func waitUntilListening(_ port: Int) -> Bool {
        for _ in 0..<6000 {
            if let descriptor = connectedSocket(port) {
                close(descriptor)
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// A TCP socket connected to `port` on 127.0.0.1, which the caller closes; `nil` when nothing
    /// accepts the connection. `configure` sets the socket's options before it connects.
    static func connectedSocket(_ port: Int, configure: (Int32) -> Void = { _ in }) -> Int32? {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { return nil }
        configure(descriptor)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
#endif
