import Foundation
import Testing

// Exit tests run in a child process: macOS and Linux only here.
#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// Runs a test that races URLSession cancels against completions in a process of its own, and
/// runs it again when FoundationNetworking's trap ended that process.
///
/// FoundationNetworking (Linux, Swift 6.3) sometimes stops the process with "Trying to access a
/// behaviour for a task that in not in the registry" (signal 4) when a cancel meets a task's
/// completion; the path is not identified (see the CHANGELOG). In the test process itself that
/// trap would end the whole `swift test` run. In an exit test it ends only the copy of the
/// process that runs this test: a trap is retried (up to ``attempts`` in all, each printed),
/// and any other ending (a failed expectation, a thrown error, another crash) is a failure with
/// the child's standard error.
enum RegistryTrapRetry {
    /// What FoundationNetworking prints as it traps (its own spelling).
    static let signature = "for a task that in not in the registry"
    /// Attempts in all before a trap is reported as a failure.
    static let attempts = 3

    /// Runs `exitTest` until it succeeds, fails, or has trapped ``attempts`` times. It is given
    /// the source location to pass to its `#expect(processExitsWith: .success, sourceLocation:)`
    /// and the path of a log, which the exit test's body passes to ``sendStandardError(to:)``
    /// first. Each attempt's mismatched exit condition (recorded at that location) is taken
    /// over by this: a trap (its message in the log) is retried, any other ending is recorded
    /// with the log. Issues the child records itself come through as they are.
    static func run(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ exitTest: (_ location: SourceLocation, _ log: String) async -> ExitTest.Result?
    ) async {
        guard let directory = try? StorageTemporaryDirectory("registry-trap-retry") else {
            Issue.record("no temporary directory for the log", sourceLocation: sourceLocation)
            return
        }
        for attempt in 1...attempts {
            let log = directory.appending("attempt-\(attempt).log").path
            var result: ExitTest.Result?
            await withKnownIssue("the exit condition, checked below", isIntermittent: true) {
                result = await exitTest(sourceLocation, log)
            } matching: { issue in
                issue.sourceLocation == sourceLocation
            }
            // `#expect` returns the result only when the process ended as expected.
            guard result == nil else { return }
            let printed = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if printed.contains(signature), attempt < attempts {
                let note = "RegistryTrapRetry: attempt \(attempt) hit FoundationNetworking's registry trap; retrying\n"
                FileHandle.standardError.write(Data(note.utf8))
                continue
            }
            Issue.record(
                "the test's process did not succeed (attempt \(attempt) of \(attempts)); it printed: \(printed.suffix(4000))",
                sourceLocation: sourceLocation)
            return
        }
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
