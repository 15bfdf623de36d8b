import Foundation

/// The PyPI `resumable-upload` tus server (the one the tests use, installed by
/// `.ci/install-tools`) on 127.0.0.1 for the sending figures, in a temporary directory; it logs
/// the size of every chunk it stores, so that a figure can count the bytes that reached it.
final class BenchTusServer {
    let port: Int
    let directory: URL
    private let process: Process

    /// `python3 server.py DIR`: serves tus 1.0.0 at `/files`, stores uploads in `DIR/files`,
    /// appends each stored chunk's size to `DIR/chunks.log` and each PATCH's `Content-Length`
    /// (as it arrives) to `DIR/patches.log`, prints its port.
    private static let script = #"""
        import os, sys
        from resumable_upload.cli import _ThreadingHTTPServer
        from resumable_upload.server import TusHTTPRequestHandler, TusServer
        from resumable_upload.storage import SQLiteStorage
        directory = sys.argv[1]
        log = open(os.path.join(directory, "chunks.log"), "a", buffering=1)
        patches = open(os.path.join(directory, "patches.log"), "a", buffering=1)
        def received(upload_id, offset, size):
            log.write("%d\n" % size)
        def incoming(method, path, headers):
            if method == "PATCH":
                length = next((v for k, v in headers.items() if k.lower() == "content-length"), "0")
                patches.write("%s\n" % length)
        storage = SQLiteStorage(db_path=os.path.join(directory, "uploads.db"), upload_dir=os.path.join(directory, "files"))
        tus = TusServer(storage=storage, base_path="/files", on_chunk_received=received, on_incoming_request=incoming)
        class Handler(TusHTTPRequestHandler):
            pass
        Handler.tus_server = tus
        httpd = _ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(httpd.server_address[1], flush=True)
        httpd.serve_forever()
        """#

    /// Starts the server; skips the figure when Python or the package is missing.
    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-tus-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let scriptURL = directory.appendingPathComponent("server.py")
        try Data(Self.script.utf8).write(to: scriptURL)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
            throw FigureSkipped(reason: "the tus server did not start (pip install resumable-upload)")
        }
        self.port = port
    }

    /// The creation endpoint.
    var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/files")! }

    /// The size of every chunk the server has stored so far, in order.
    var storedChunks: [Int64] { numbers(in: "chunks.log") }

    /// The `Content-Length` of every PATCH that has arrived so far, in order.
    var patchLengths: [Int64] { numbers(in: "patches.log") }

    private func numbers(in log: String) -> [Int64] {
        let text = (try? String(contentsOf: directory.appendingPathComponent(log), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int64($0) }
    }

    /// Removes every stored upload (the figures' files are large).
    func removeUploads() {
        let files = directory.appendingPathComponent("files")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: files.path)) ?? [] {
            try? FileManager.default.removeItem(at: files.appendingPathComponent(name))
        }
    }

    /// Kills the server (a child of the benchmark starts with `SIGTERM` blocked, as the thread
    /// that spawned it had it) and removes its directory.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
