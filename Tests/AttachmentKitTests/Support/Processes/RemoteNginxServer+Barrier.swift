#if os(macOS) || os(Linux)
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension RemoteNginxServer {
    /// The path nginx answers with 204 and leaves out of its log.
    static let barrierPath = "/attachmentkit-test-barrier"

    /// Sends one request to nginx and waits for its answer (at most 5 s), so that every request
    /// whose response has ended is in the log. nginx writes a request's line just after its last
    /// byte, in the same step of its one worker: a client can hold the whole response before the
    /// line is written, and a test that read the log then would miss it. The worker answers this
    /// request only after that step. Returns at once when nginx is not running.
    func passBarrier() {
        #if os(macOS)
        let sendFlags: Int32 = 0
        #else
        let sendFlags = Int32(MSG_NOSIGNAL)
        #endif
        let connected = Self.connectedSocket(port) { descriptor in
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
                setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
            #if os(macOS)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
        }
        guard let descriptor = connected else { return }
        defer { close(descriptor) }
        let request = Array("GET \(Self.barrierPath) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
        guard sent == request.count else { return }
        // HTTP/1.0: nginx closes the connection after the answer.
        var buffer = [UInt8](repeating: 0, count: 512)
        while recv(descriptor, &buffer, buffer.count, 0) > 0 {}
    }
}
#endif
