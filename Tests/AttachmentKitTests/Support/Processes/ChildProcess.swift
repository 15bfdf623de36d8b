import Foundation

// posix_spawn is unavailable on tvOS and watchOS (and iOS apps may not spawn processes).
#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`, for tests that kill
/// children at will. Foundation's `Process.waitUntilExit` can miss the exit of a child killed
/// at once on Linux and wait forever (seen under the thread sanitizer); `waitpid` can't.
struct ChildProcess {
    enum SpawnError: Error { case pipe(Int32), spawn(Int32) }

    /// The child's process identifier.
    let pid: pid_t
    /// The read end of the pipe that is the child's standard output.
    private let output: Int32

    /// Starts `executable` with `arguments` and this process's environment with `environment`
    /// added, its standard output piped to this process and its standard error discarded. The
    /// child is killed when this process ends, however it ends (``ChildProcessWatchdog``),
    /// unless it was reaped before.
    init(_ executable: URL, arguments: [String], environment: [String: String] = [:]) throws {
        let watchdog = try ChildProcessWatchdog.shared.get()
        // Close-on-exec, so that a child started meanwhile by something else (an exit test's
        // copy of this process) doesn't inherit the pipe and keep its write end open past this
        // child's end; dup2 gives this child its own. (Swift doesn't import Glibc's pipe2.)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError.pipe(errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[1]) }
        do {
            pid = try Self.spawn(
                executable, arguments: arguments, standardInput: nil, standardOutput: fds[1], environment: environment)
        } catch {
            close(fds[0])
            throw error
        }
        output = fds[0]
        watchdog.watch(pid)
    }

    /// Starts `executable` with `arguments` and returns its process identifier: `standardInput`
    /// and `standardOutput` (this process's descriptors) become the child's, or it inherits this
    /// process's standard input and its standard output goes to `/dev/null`; standard error
    /// goes to `/dev/null`. Its environment is this process's with `environment` added.
    static func spawn(
        _ executable: URL, arguments: [String], standardInput: Int32?, standardOutput: Int32?,
        environment added: [String: String] = [:]
    ) throws -> pid_t {
        // On Darwin the type is an opaque pointer that `posix_spawn_file_actions_init` fills in;
        // on Glibc it is a struct.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO) }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process's: a child that kept a socket or a pipe of the process
        // that started it (an exit test's channels, a URLSession connection) would hold them
        // open past that process's end. (Darwin: POSIX_SPAWN_CLOEXEC_DEFAULT below.)
        #if canImport(Glibc)
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, STDERR_FILENO + 1) }
        #endif
        // The child starts with no signal blocked and every signal at its default action.
        // posix_spawn otherwise hands it the signal mask of the thread that calls it, and
        // Dispatch's and Swift concurrency's worker threads block most signals, SIGTERM and
        // SIGINT among them (a child's /proc/<pid>/status read SigBlk fffffffe3bfbea27): such a
        // child never saw a SIGTERM. Same opaque-pointer-or-struct difference as above.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        #if canImport(Darwin)
        let closeTheRest = POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        let closeTheRest: Int32 = 0
        #endif
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeTheRest))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        // No crash backtracer in the child: it would hold the pipe open for as long as it runs.
        var environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError.spawn(result) }
        return child
    }

    /// The next bytes the child wrote, waiting for them; empty once it has closed its output.
    func readAvailable() -> Data {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0, errno == EINTR { continue }
            return Data()
        }
    }

    /// What the child writes next, or `nil` when it writes nothing within `seconds`: a test
    /// that waits for a child's first line fails instead of blocking its thread for ever.
    func readAvailable(waitingAtMost seconds: Int32) -> Data? {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, seconds * 1000)
            if ready > 0 { return readAvailable() }
            if ready < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Everything the child writes from now until it closes its output.
    func readToEnd() -> Data {
        var all = Data()
        while case let chunk = readAvailable(), !chunk.isEmpty { all += chunk }
        return all
    }

    /// Sends SIGKILL: the tests kill children at once, as a crash would. (Other signals reach
    /// the child too, since it starts with none blocked.)
    func terminate() { _ = kill(pid, SIGKILL) }

    /// Waits at most `seconds` for the child to end: its status as ``wait()`` returns it (and
    /// the pipe closed), or `nil` when it is still running (then ``wait()`` may follow). Blocks
    /// its thread: call it off the concurrency pool.
    func wait(atMost seconds: Double) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                close(output)
                Self.forget(pid)
                return Self.exitCode(status)
            }
            if reaped < 0, errno != EINTR { return nil }
            usleep(10_000)
        }
        return nil
    }

    /// Waits for the child to end, closes the pipe, and returns its exit status (or 128 plus
    /// the signal that ended it).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(output)
        Self.forget(pid)
        return Self.exitCode(status)
    }

    #if canImport(Glibc)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift doesn't
    /// import; `nil` on an older glibc, whose children then inherit what isn't close-on-exec.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
    #endif

    /// Tells the watchdog that `pid`, just reaped, is no longer this process's child. (Until the
    /// watchdog reads it, the number could be another process's only if the system reused it
    /// within that moment and this process ended in it too.)
    private static func forget(_ pid: pid_t) { try? ChildProcessWatchdog.shared.get().forget(pid) }

    /// The exit status in `status` from `waitpid`, or 128 plus the signal that ended the child.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
#endif
