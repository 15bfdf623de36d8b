#if os(macOS) || os(Linux)
// Spawns test servers with ChildProcess, which exists on macOS and Linux only (posix_spawn is
// unavailable on tvOS and watchOS, and iOS apps may not spawn processes).
import Foundation
import Testing

@testable import AttachmentKit

#if os(Linux)
/// A fault server whose test process was killed (so no `defer` stopped it) exits by itself
/// instead of running for ever on a developer's machine.
@Suite
struct RemoteFaultServerLifetimeTests {
    /// Whether `pid` is still a running process: not gone and not a zombie waiting to be
    /// reaped (the parent that would reap it is gone).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a fault server exits once the process that started it is killed", .timeLimit(.minutes(1)))
    func exitsWithItsParent() async throws {
        let directory = try StorageTemporaryDirectory("fault-server-orphan")
        let source = directory.appending("server.py")
        try Data(RemoteFaultServerScript.source.utf8).write(to: source)
        let script = directory.appending("script.json")
        try Data(#"{"content": "", "paths": {}}"#.utf8).write(to: script)
        // A shell stands in for the test process: it starts the server (naming itself as the
        // parent to watch), prints the server's process identifier and waits.
        let parent = try ChildProcess(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", #"python3 "$0" "$1" "$2" $$ > /dev/null & echo $!; wait"#, source.path, script.path,
                directory.appending("requests.jsonl").path,
            ])
        let printed = await offThePool { parent.readAvailable(waitingAtMost: 30) }
        let line = String(decoding: printed ?? Data(), as: UTF8.self)
        let server = try #require(Int32(line.split(separator: "\n").first ?? ""), "no server pid in \(line)")
        defer { _ = kill(server, SIGKILL) }
        try await waitUntil("the server to start") {
            FileManager.default.fileExists(atPath: "/proc/\(server)/stat")
        }
        parent.terminate()
        _ = parent.wait()
        // Only the server's own watch can end it: nothing else signals it.
        try await waitUntil("the orphaned server to exit") { !Self.isRunning(server) }
    }
}
#endif
#endif
