import Foundation

/// nginx on 127.0.0.1 for the remote figures: a generated configuration in a temporary
/// directory, files written by the figure, every request logged with the bytes it sent.
final class BenchNginx {
    let port: Int
    let directory: URL
    let root: URL
    private let process: Process

    /// Starts nginx (`/usr/sbin/nginx`, from `nginx-light`) with `extra` in its server block.
    init(extra: String = "") throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") else {
            throw FigureSkipped(reason: "nginx is not installed (.ci/install-tools installs nginx-light)")
        }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-nginx-\(UUID().uuidString)", isDirectory: true)
        root = directory.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        port = Int.random(in: 20_000..<60_000)
        let base = directory.path
        let configuration = """
            master_process off; daemon off; worker_processes 1; pid \(base)/nginx.pid;
            error_log \(base)/error.log warn;
            events { worker_connections 1024; }
            http {
                log_format sent '$status|$body_bytes_sent';
                access_log \(base)/access.log sent;
                client_body_temp_path \(base)/body; proxy_temp_path \(base)/proxy;
                fastcgi_temp_path \(base)/fastcgi; uwsgi_temp_path \(base)/uwsgi; scgi_temp_path \(base)/scgi;
                default_type application/octet-stream;
                sendfile on; keepalive_requests 100000;
                server { listen 127.0.0.1:\(port); root \(root.path); etag on; \(extra) }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", base, "-c", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            if isListening() { return }
            usleep(20_000)
        }
        stop()
        throw FigureSkipped(reason: "nginx did not start")
    }

    private func isListening() -> Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        check.arguments = ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)/none"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0  // a 404 is an answer; -f is not passed
    }

    func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(name)")! }

    /// Writes `megabytes` MiB of pseudo-random bytes to `name` in the root.
    func serve(megabytes: Int, as name: String) throws {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(megabytes)
        for index in block.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            block[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: nil)
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(name))
        defer { try? handle.close() }
        for round in 0..<megabytes {
            block[0] = UInt8(truncatingIfNeeded: round)
            block[1] = UInt8(truncatingIfNeeded: round >> 8)
            try handle.write(contentsOf: block)
        }
    }

    /// The body bytes nginx has sent so far, over every request.
    var bytesSent: Int64 {
        let text = (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { $0.split(separator: "|").last.flatMap { Int64($0) } }.reduce(
            0, +)
    }

    /// Kills nginx (it does not stop on SIGTERM when it runs without a master process) and
    /// removes its directory.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `curl` with `arguments` and waits for it; throws when it fails.
func runCurl(_ arguments: [String]) throws {
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
        throw FigureSkipped(reason: "curl is not installed")
    }
    curl.arguments = ["-s", "-f"] + arguments
    curl.standardOutput = FileHandle.nullDevice
    try curl.run()
    curl.waitUntilExit()
    guard curl.terminationStatus == 0 else { throw FigureSkipped(reason: "curl failed: \(curl.terminationStatus)") }
}
