#if os(macOS) || os(Linux)
// The tests named here spawn servers with ChildProcess, which exists on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// The tests, by name, whose download cancels a URLSession task while FoundationNetworking may
/// be completing it, so that each runs in a process of its own (``RegistryTrapRetry``).
///
/// A download cancels its transfer when it refuses a response whose head has arrived (a status
/// it does not store, a 416, a refused 206, a length above the cap or unlike the declared one)
/// or a body that grows past the cap. When the server has sent the rest of a small body with
/// the head, or closes at once (the fault server's `Connection: close` with no length), the
/// task completes just as the cancel reaches it: the race that can end the process with
/// "Trying to access a behaviour for a task that in not in the registry". Here it ends only
/// the copy of the process that runs the test, which is then run again.
enum CancelRacingTest: Codable, Sendable {
    case resume(RemoteResumeTests.Case)
    case authChallenge(RemoteAuthChallengeTests.Case)
    case validation(RemoteValidationTests.Case)
    case mediaHeaderNoRanges
    case videoPlaceholderNoRanges

    /// Runs `test` in a process of its own where exit tests exist (a registry trap is retried),
    /// in this one elsewhere; issues the test records come through as they are.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func inOwnProcess(_ test: Self, sourceLocation: SourceLocation = #_sourceLocation) async {
        #if compiler(>=6.2)
        await RegistryTrapRetry.run(sourceLocation: sourceLocation) { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String, test = test as CancelRacingTest] in
                RegistryTrapRetry.sendStandardError(to: log)
                let alarm = DeadlockAlarm("the process of \(test)", seconds: 120)
                // Recorded here, the error reaches the parent with its description; thrown out
                // of the exit test, it would end the process with nothing but a signal.
                do {
                    try await test.runInThisProcess()
                } catch {
                    Issue.record(error, "\(test) threw")
                }
                alarm.finished()
            }
        }
        #else
        do {
            try await test.runInThisProcess()
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        #endif
    }

    /// Runs the test in this process.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func runInThisProcess() async throws {
        switch self {
        case .resume(let test): try await RemoteResumeTests().run(test)
        case .authChallenge(let test): try await RemoteAuthChallengeTests().run(test)
        case .validation(let test): try await RemoteValidationTests().run(test)
        case .mediaHeaderNoRanges: try await RemoteMediaHeaderTests.noRangesInThisProcess()
        case .videoPlaceholderNoRanges: try await RemoteVideoPlaceholderTests.noRangesInThisProcess()
        }
    }
}
#endif
