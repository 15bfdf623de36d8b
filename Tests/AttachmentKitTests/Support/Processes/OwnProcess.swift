import Foundation
import Testing

// Exit tests run in a child process: macOS and Linux only here.
#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// Runs a test of a crash hazard in a process of its own (an exit test), so that the hazard,
/// should it come back, fails that test instead of ending the whole `swift test` run, with
/// what the process printed (the trap's message and backtrace).
///
/// ```swift
/// await OwnProcess.run { location, log in
///     await #expect(processExitsWith: .success, sourceLocation: location) { [log = log as String] in
///         OwnProcess.sendStandardError(to: log)
///         try await SomeTests().racingBody()
///     }
/// }
/// ```
enum OwnProcess {
    /// Runs `exitTest`, given the source location to pass to its `#expect(processExitsWith:
    /// .success, sourceLocation:)` and the path of a log that the exit test's body passes to
    /// ``sendStandardError(to:)`` first. A process that did not succeed is recorded as one
    /// issue, with the end of its log, in place of the exit condition's own; issues the child
    /// records itself come through as they are.
    static func run(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ exitTest: (_ location: SourceLocation, _ log: String) async -> ExitTest.Result?
    ) async {
        guard let directory = try? StorageTemporaryDirectory("own-process") else {
            Issue.record("no temporary directory for the log", sourceLocation: sourceLocation)
            return
        }
        let log = directory.appending("standard-error.log").path
        var result: ExitTest.Result?
        await withKnownIssue("the exit condition, recorded below with the log", isIntermittent: true) {
            result = await exitTest(sourceLocation, log)
        } matching: { issue in
            issue.sourceLocation == sourceLocation
        }
        // `#expect` returns the result only when the process ended as expected.
        guard result == nil else { return }
        let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        Issue.record(
            "the test's process did not succeed; it printed: \(printed.suffix(4000))", sourceLocation: sourceLocation)
    }

    /// Sends this process's standard error to the file at `path` from now on, where ``run(
    /// sourceLocation:_:)`` reads what a crash printed. Called by an exit test's body first.
    static func sendStandardError(to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        dup2(descriptor, STDERR_FILENO)
        close(descriptor)
    }
}
#endif
