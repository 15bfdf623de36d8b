#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
/// The Python 3 source of ``RemoteFaultServer``: a threaded HTTP/1.1 server on 127.0.0.1 that
/// answers each request to a path with the next scripted response for that path (the last one
/// repeats) and logs every request as a JSON line.
///
/// A response is `{"status", "headers": [[name, value]…], "ops": […]}`. Ops run in order:
/// `{"op": "head"}` sends the status line and headers (sent first when no op does),
/// `{"op": "sleep", "seconds": s}`, `{"op": "slice", "start": a, "end": b}` sends bytes of
/// the content file, `{"op": "trickle", "start": a, "end": b, "interval": s}` sends them one
/// byte at a time, `{"op": "raw", "text": t}` sends text, `{"op": "close"}` closes at once,
/// `{"op": "gate", "text": name}` waits until the test releases the gate `name` (a file
/// `gate-name` beside the request log, made by ``RemoteFaultServer/release(_:)``),
/// `{"op": "hold"}` sends nothing until the client closes the connection. A response the
/// client breaks off (it closes or resets the connection while the server holds it or still
/// sends) is logged by its path in `broken-off` beside the request log.
/// Every response carries `Connection: close`; `{PORT}` in a header value becomes the port.
///
/// Arguments: the script and the request log. A test process killed before its `defer` ran
/// leaves no server behind: ``ChildProcessWatchdog`` kills it.
enum RemoteFaultServerScript {
    static let source = #"""
        import json, os, socket, socketserver, sys, threading, time

        script = json.load(open(sys.argv[1]))
        log_path = sys.argv[2]
        gate_folder = os.path.dirname(log_path)
        content = open(script["content"], "rb").read() if script.get("content") else b""
        counters = {}
        lock = threading.Lock()

        class Handler(socketserver.BaseRequestHandler):
            def handle(self):
                sock = self.request
                data = b""
                while b"\r\n\r\n" not in data:
                    chunk = sock.recv(65536)
                    if not chunk:
                        return
                    data += chunk
                head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
                method, target, _ = head[0].split(" ", 2)
                headers = {}
                for line in head[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                path = target.split("?", 1)[0]
                with lock:
                    index = counters.get(path, 0)
                    counters[path] = index + 1
                    with open(log_path, "a") as log:
                        log.write(json.dumps({"path": path, "target": target, "headers": headers}) + "\n")
                responses = script["paths"].get(path) or [{"status": 404, "ops": []}]
                response = responses[min(index, len(responses) - 1)]
                ops = response.get("ops", [])
                if not any(op["op"] == "head" for op in ops):
                    ops = [{"op": "head"}] + ops
                try:
                    for op in ops:
                        kind = op["op"]
                        if kind == "head":
                            lines = ["HTTP/1.1 %d Status" % response["status"]]
                            for name, value in response.get("headers", []):
                                lines.append("%s: %s" % (name, value.replace("{PORT}", str(port))))
                            lines.append("Connection: close")
                            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
                        elif kind == "sleep":
                            time.sleep(op["seconds"])
                        elif kind == "slice":
                            sock.sendall(content[op["start"]:op["end"]])
                        elif kind == "trickle":
                            for offset in range(op["start"], op["end"]):
                                sock.sendall(content[offset:offset + 1])
                                time.sleep(op["interval"])
                        elif kind == "raw":
                            sock.sendall(op["text"].encode("latin-1"))
                        elif kind == "close":
                            break
                        elif kind == "gate":
                            while not os.path.exists(os.path.join(gate_folder, "gate-" + op["text"])):
                                time.sleep(0.01)
                        elif kind == "hold":
                            while sock.recv(65536):
                                pass
                            raise ConnectionResetError("the client closed the connection")
                except OSError:
                    with lock:
                        with open(os.path.join(gate_folder, "broken-off"), "a") as log:
                            log.write(path + "\n")
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        server = Server(("127.0.0.1", 0), Handler)
        port = server.server_address[1]
        print(port, flush=True)
        server.serve_forever()
        """#
}
#endif
