import Foundation

// Spawns child processes (see ChildProcess): macOS and Linux only.
#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small shell, one per test process, that kills every child ``ChildProcess`` started and
/// has not reaped yet once the test process ends, however it ends: a crash, a SIGKILL, or an
/// exit that ran no `defer` and no `deinit`.
///
/// The shell reads `+pid` and `-pid` lines from a socket whose other end only this process
/// holds (close-on-exec, so no other child inherits it). When this process ends, the kernel
/// closes that end, the shell's `read` sees the end of its input, and it sends SIGKILL to the
/// processes still listed. It ignores the signals a terminal or a job control sends to the
/// whole process group, so that it is the last of them to go.
final class ChildProcessWatchdog: Sendable {
    enum WatchdogError: Error { case socket(Int32) }

    /// The test process's watchdog, started by the first child.
    static let shared = Result { try ChildProcessWatchdog() }

    /// The shell's script: the listed processes, killed at the end of its input.
    static let script = """
        trap '' HUP INT QUIT TERM PIPE
        watched=' '
        while IFS= read -r line; do
            case $line in
                +*) watched="$watched${line#+} " ;;
                -*) pid=${line#-}; rest=${watched#* $pid }
                    [ "$rest" != "$watched" ] && watched="${watched%% $pid *} $rest" ;;
            esac
        done
        for pid in $watched; do kill -KILL "$pid" 2> /dev/null; done
        """

    /// This process's end of the socket.
    private let socket: Int32
    /// The shell's process identifier.
    let pid: pid_t

    private init() throws {
        var fds: [Int32] = [0, 0]
        #if canImport(Glibc)
        // Close-on-exec from the start: a child spawned meanwhile on another thread doesn't
        // inherit this end (and keep the watchdog's input open past this process's end).
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw WatchdogError.socket(errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        // A write after the shell is gone must fail, not raise SIGPIPE in the test process.
        var on: Int32 = 1
        setsockopt(fds[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        do {
            pid = try ChildProcess.spawn(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", Self.script], standardInput: fds[1],
                standardOutput: nil)
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        socket = fds[0]
    }

    /// Adds `child` to the processes killed when this process ends.
    func watch(_ child: pid_t) { report("+\(child)\n") }

    /// Removes `child`, which has ended and been reaped, from them.
    func forget(_ child: pid_t) { report("-\(child)\n") }

    private func report(_ line: String) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        // One short write: atomic on a stream socket of this size, whatever thread sends.
        _ = Array(line.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
    }
}
#endif
