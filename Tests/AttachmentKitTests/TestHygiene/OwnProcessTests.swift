import Foundation
import Testing

@testable import AttachmentKit

#if compiler(>=6.2) && (os(macOS) || os(Linux))
/// A test run in a process of its own by ``OwnProcess`` passes when the process succeeds, and
/// fails, once, with what the process printed, when it crashes.
@Suite(SuiteTimeLimit.minutes(5), .inTurn)
struct OwnProcessTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a process that succeeds passes the test")
    func successPasses() async throws {
        let directory = try StorageTemporaryDirectory("own-process")
        let ran = directory.appending("ran").path
        await OwnProcess.run { location, log in
            await #expect(processExitsWith: .success, sourceLocation: location) {
                [log = log as String, ran = ran as String] in
                OwnProcess.sendStandardError(to: log)
                _ = FileManager.default.createFile(atPath: ran, contents: nil)
            }
        }
        #expect(FileManager.default.fileExists(atPath: ran), "the body ran in the other process")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a crash fails the test with one issue that quotes what the process printed")
    func crashFails() async {
        let issues = LockedState<[String]>([])
        await withKnownIssue("the child's crash") {
            await OwnProcess.run { location, log in
                await #expect(processExitsWith: .success, sourceLocation: location) {
                    [log = log as String] in
                    OwnProcess.sendStandardError(to: log)
                    fatalError("a planted trap")
                }
            }
        } matching: { issue in
            let comments = issue.comments.map(\.rawValue).joined(separator: " ")
            if comments.contains("did not succeed") { issues.withLock { $0.append(comments) } }
            return true
        }
        let recorded = issues.withLock { $0 }
        #expect(recorded.count == 1, "one failure for the process: \(recorded)")
        #expect(recorded.first?.contains("a planted trap") == true, "the failure quotes the crash: \(recorded)")
    }
}
#endif
