import Testing

@testable import AttachmentKit

@Suite("DownloadCoordinator: state(of:) keeps the last failure", SuiteTimeLimit.minutes(2), .inTurn)
struct DownloadFailureStateTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("after a failure, state(of:) answers failed until a retry")
    func keptUntilRetry() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("photo")
        let download = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 500))
        _ = await download.result()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.state(of: "photo").phase == .failed)
        // A cell reused for the same part still sees the failure.
        #expect(await coordinator.state(of: "photo").phase == .failed)
        await download.retry()
        #expect(await coordinator.state(of: "photo").phase != .failed)
        await part.script.attempt(1).succeed(TransferFixtures.content("photo"))
        _ = await download.result()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.state(of: "photo").phase == .idle)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a new request for the part forgets the failure")
    func forgottenOnNewRequest() async throws {
        let coordinator = TransferFixtures.coordinator()
        let part = ScriptedPart("photo")
        let failed = await coordinator.download(part)
        await part.script.attempt(0).fail(HTTPStatusError(statusCode: 404))
        _ = await failed.result()
        await coordinator.waitUntilIdleUnlessCancelled()
        guard case .failed(let error) = await coordinator.state(of: "photo") else {
            Issue.record("expected the failure to be kept")
            return
        }
        #expect(error.partID == "photo")
        let again = await coordinator.download(part)
        #expect(await coordinator.state(of: "photo").phase != .failed)
        again.cancel()
        await coordinator.waitUntilIdleUnlessCancelled()
        #expect(await coordinator.state(of: "photo").phase == .idle)
    }
}
