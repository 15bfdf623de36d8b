import Foundation
import Testing

#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// A test run in a process of its own by ``RegistryTrapRetry`` is run again when
/// FoundationNetworking's registry trap ended that process, and fails for any other ending.
@Suite(.inTurn)
struct RegistryTrapRetryTests {
    /// What FoundationNetworking prints as it traps.
    static let trap = "Trying to access a behaviour for a task that in not in the registry"

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a process that the registry trap ended is run again, and the test passes when the next run does",
        .timeLimit(.minutes(1)))
    func trapIsRetried() async throws {
        let directory = try StorageTemporaryDirectory("registry-trap")
        let trapped = directory.appending("trapped").path
        let passed = directory.appending("passed").path
        await RegistryTrapRetry.run { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String, trapped = trapped as String, passed = passed as String] in
                RegistryTrapRetry.sendStandardError(to: log)
                // The first run traps as FoundationNetworking does; the second passes.
                guard FileManager.default.fileExists(atPath: trapped) else {
                    _ = FileManager.default.createFile(atPath: trapped, contents: nil)
                    fatalError(RegistryTrapRetryTests.trap)
                }
                _ = FileManager.default.createFile(atPath: passed, contents: nil)
            }
        }
        #expect(FileManager.default.fileExists(atPath: trapped))
        #expect(FileManager.default.fileExists(atPath: passed))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an expectation that fails in the process of its own fails the test, and is not retried",
        .timeLimit(.minutes(1)))
    func failedExpectationFails() async throws {
        let directory = try StorageTemporaryDirectory("registry-trap")
        let runs = directory.appending("runs").path
        _ = FileManager.default.createFile(atPath: runs, contents: nil)
        await withKnownIssue("the child's failed expectation") {
            await RegistryTrapRetry.run { location, log in
                await #expect(processExitsWith: .success, sourceLocation: location) {
                    [log = log as String, runs = runs as String] in
                    RegistryTrapRetry.sendStandardError(to: log)
                    let handle = FileHandle(forWritingAtPath: runs)
                    handle?.seekToEndOfFile()
                    handle?.write(Data("run\n".utf8))
                    #expect(Bool(false), "planted")
                }
            }
        }
        #expect((try? String(contentsOfFile: runs, encoding: .utf8)) == "run\n")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("another crash fails the test, and is not retried", .timeLimit(.minutes(1)))
    func otherCrashFails() async throws {
        await withKnownIssue("the child's crash") {
            await RegistryTrapRetry.run { location, log in
                await #expect(processExitsWith: .success, sourceLocation: location) {
                    [log = log as String] in
                    RegistryTrapRetry.sendStandardError(to: log)
                    fatalError("another fatal error")
                }
            }
        }
    }
}
#endif
