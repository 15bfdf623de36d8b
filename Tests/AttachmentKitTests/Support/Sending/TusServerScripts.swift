/// The Python programs the sending tests start: the PyPI `resumable-upload` 0.3.0 tus server
/// on a free port of 127.0.0.1, and a fault proxy in front of it (stdlib only).
enum TusServerScripts {
    /// `python3 - DIR MAX_SIZE ALGORITHMS PARENT_PID`: serves tus at `/files`, stores uploads in
    /// `DIR/files/<id>`, prints its port, and stops when the parent process is gone.
    static let server = #"""
        import os, sys, threading, time
        from resumable_upload.cli import _ThreadingHTTPServer
        from resumable_upload.server import TusHTTPRequestHandler, TusServer
        from resumable_upload.storage import SQLiteStorage
        directory, max_size, algorithms, parent = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
        storage = SQLiteStorage(db_path=os.path.join(directory, "uploads.db"), upload_dir=os.path.join(directory, "files"))
        tus = TusServer(storage=storage, base_path="/files", max_size=max_size,
                        checksum_algorithms=tuple(a for a in algorithms.split(",") if a))
        class Handler(TusHTTPRequestHandler):
            pass
        Handler.tus_server = tus
        httpd = _ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        def watch():
            while True:
                time.sleep(0.5)
                try:
                    os.kill(parent, 0)
                except OSError:
                    os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        print(httpd.server_address[1], flush=True)
        httpd.serve_forever()
        """#

    /// `python3 - UPSTREAM_PORT SCRIPT LOG PARENT_PID`: forwards every request to the tus server
    /// and applies the faults of SCRIPT (a JSON list of `{"patch": n, "fault": …}`) to the n-th
    /// PATCH or PUT (0-based; in front of any server, nginx too, which gets a PUT as a PATCH is
    /// forwarded: the bytes read, then sent with their own length): `drop` (forwards the first
    /// `after` bytes, then closes the connection), `stall` (forwards the first `after` bytes,
    /// then reads nothing more and answers nothing for 20 s, and writes LOG.stopped),
    /// `status` (answers `status` with `headers` without forwarding), `lie` (forwards, then adds
    /// `by` to the Upload-Offset answered), `lose` (answers success without forwarding: the
    /// server never gets the chunk), `hold` (reads the chunk and answers nothing until the client
    /// closes the connection or the test releases it, LOG.release-INDEX, which closes it), `corrupt` (forwards the chunk with its first byte flipped, its
    /// `Upload-Checksum` unchanged), `stop` (forwards the first `after` bytes, then reads and drops the
    /// rest without answering until the client goes, and writes LOG.stopped). Logs every
    /// request as a JSON line.
    static let proxy = #"""
        import http.client, http.server, json, os, socket, sys, threading, time
        upstream, faults_path, log_path, parent = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
        faults = {f["patch"]: f for f in json.load(open(faults_path))}
        lock = threading.Lock()
        state = {"patch": 0}
        def log(entry):
            with lock:
                with open(log_path, "a") as f:
                    f.write(json.dumps(entry) + "\n")
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args):
                pass
            def forward(self, body):
                conn = http.client.HTTPConnection("127.0.0.1", upstream, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("content-length", "expect", "connection")}
                headers["Content-Length"] = str(len(body))
                conn.request(self.command, self.path, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
                conn.close()
                return response.status, response.getheaders(), data
            def reply(self, status, headers, data=b""):
                self.send_response(status)
                for k, v in headers:
                    if k.lower() in ("content-length", "connection", "transfer-encoding", "date", "server"):
                        continue
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
            def length(self):
                return int(self.headers.get("Content-Length") or 0)
            def plain(self):
                body = self.rfile.read(self.length())
                log({"method": self.command, "path": self.path, "offset": -1, "length": 0, "received": 0})
                self.reply(*self.forward(body))
            do_HEAD = do_POST = do_OPTIONS = do_DELETE = do_GET = plain
            def body_request(self):
                with lock:
                    index = state["patch"]
                    state["patch"] += 1
                fault = faults.get(index) or {}
                kind = fault.get("fault")
                n = self.length()
                offset = int(self.headers.get("Upload-Offset", "-1"))
                if kind == "stall":
                    part = self.rfile.read(min(fault["after"], n))
                    log({"method": self.command, "index": index, "offset": offset, "length": n, "received": len(part), "fault": kind})
                    self.forward(part)
                    with open(log_path + ".stopped", "w") as f:
                        f.write(str(len(part)))
                    time.sleep(20)
                    self.close_connection = True
                    return
                if kind == "stop":
                    part = self.rfile.read(min(fault["after"], n))
                    log({"method": self.command, "index": index, "offset": offset, "length": n, "received": len(part), "fault": kind})
                    self.forward(part)
                    with open(log_path + ".stopped", "w") as f:
                        f.write(str(len(part)))
                    while self.rfile.read(65536):
                        pass
                    self.close_connection = True
                    return
                if kind == "drop":
                    part = self.rfile.read(min(fault["after"], n))
                    log({"method": self.command, "index": index, "offset": offset, "length": n, "received": len(part), "fault": kind})
                    self.forward(part)
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                body = self.rfile.read(n)
                log({"method": self.command, "index": index, "offset": offset, "length": n, "received": len(body), "fault": kind,
                     "checksum": self.headers.get("Upload-Checksum")})
                if kind == "status":
                    self.reply(fault["status"], [tuple(h) for h in fault.get("headers", [])] + [("Tus-Resumable", "1.0.0")])
                    return
                if kind == "hold":
                    release = log_path + ".release-%d" % index
                    self.connection.settimeout(0.05)
                    while not os.path.exists(release):
                        try:
                            if not self.connection.recv(1):
                                break
                        except socket.timeout:
                            continue
                        except OSError:
                            break
                    self.close_connection = True
                    return
                if kind == "lose":
                    self.reply(204, [("Tus-Resumable", "1.0.0"), ("Upload-Offset", str(offset + n))])
                    return
                if kind == "corrupt" and body:
                    body = bytes([body[0] ^ 0xFF]) + body[1:]
                status, headers, data = self.forward(body)
                if kind == "lie":
                    headers = [(k, str(int(v) + fault["by"]) if k.lower() == "upload-offset" else v) for k, v in headers]
                self.reply(status, headers, data)
            do_PATCH = do_PUT = body_request
        class Server(http.server.ThreadingHTTPServer):
            daemon_threads = True
        httpd = Server(("127.0.0.1", 0), Handler)
        def watch():
            while True:
                time.sleep(0.5)
                try:
                    os.kill(parent, 0)
                except OSError:
                    os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        print(httpd.server_address[1], flush=True)
        httpd.serve_forever()
        """#
}
