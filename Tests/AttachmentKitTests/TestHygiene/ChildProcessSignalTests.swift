import Foundation
import Testing

#if os(macOS) || os(Linux)
/// A child the tests start stops on the signals a test sends it, whatever the signal mask of
/// the thread that started it: Dispatch's and Swift concurrency's worker threads block most
/// signals, and a child spawned from one inherited that mask and never saw a SIGTERM.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct ChildProcessSignalTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a child started from a thread that blocks every signal still stops on SIGTERM and SIGINT",
        arguments: [SIGTERM, SIGINT])
    func stopsOnSignal(_ signal: Int32) async throws {
        let child = try await offThePool { () throws -> ChildProcess in
            var every = sigset_t()
            sigfillset(&every)
            // This thread is the test's own and ends after the spawn.
            pthread_sigmask(SIG_BLOCK, &every, nil)
            return try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["60"])
        }
        kill(child.pid, signal)
        // Bounded: a child that ignores the signal fails the test in 10 s, and is killed.
        let status = await offThePool { child.wait(atMost: 10) }
        if status == nil {
            child.terminate()
            _ = await offThePool { child.wait() }
        }
        #expect(status == 128 + signal)
    }
}
#endif
