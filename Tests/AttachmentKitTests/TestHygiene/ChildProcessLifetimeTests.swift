import Foundation
import Testing

#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// The servers a test process starts end with it, however it ends: a run that crashes or is
/// killed leaves no nginx or fault server running on a developer's machine.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct ChildProcessLifetimeTests {
    /// Whether `pid` is still a running process: not gone, and (on Linux) not a zombie that
    /// nobody reaps because its parent is gone.
    static func isRunning(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
        #else
        return kill(pid, 0) == 0
        #endif
    }

    /// The line the killed process prints its servers' process identifiers on.
    static let marker = "server pids:"

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the fault server and nginx end after their test process's SIGKILL")
    func serversEndWithTheirKilledTestProcess() async throws {
        // A process of its own (a copy of this test process) starts the servers, prints their
        // process identifiers and kills itself: no `defer`, no `deinit`, no exit handler runs.
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            let fault = try await RemoteFaultServer(content: Data("x".utf8), paths: [:])
            var pids = [fault.processIdentifier]
            let nginx = RemoteNginxServer.isAvailable ? try await RemoteNginxServer() : nil
            if let nginx { pids.append(nginx.processIdentifier) }
            let line = "\(Self.marker) \(pids.map(String.init).joined(separator: " "))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            kill(getpid(), SIGKILL)
            withExtendedLifetime((fault, nginx)) {}
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix(Self.marker) }, "printed: \(output)")
        let pids = line.dropFirst(Self.marker.count).split(separator: " ").compactMap { pid_t($0) }
        #expect(pids.count == (RemoteNginxServer.isAvailable ? 2 : 1))
        // However long a loaded machine takes: only the time limit ends the wait, and then the
        // servers still running are named and killed.
        do {
            try await waitUntil("the servers to end") { pids.allSatisfy { !Self.isRunning($0) } }
        } catch {
            let running = pids.filter(Self.isRunning)
            Issue.record("still running after their test process was killed: \(running)")
            for pid in running { kill(pid, SIGKILL) }
        }
    }
}
#endif
