import Foundation
import Testing

@testable import AttachmentKit

@MainActor
@Suite("Attachment loader: appearing and disappearing", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderPriorityTests {
    /// A loader downloading `full`, its download running.
    private static func loading(
        _ full: ScriptedPart, on coordinator: DownloadCoordinator,
        policy: AttachmentDisappearancePolicy = .lowerPriority
    ) async -> (CallbackAttachmentLoader, ScriptedAttempt) {
        let loader = CallbackAttachmentLoader(
            resolver: AttachmentResolver(downloads: coordinator), disappearance: policy, downloadDelay: 0)
        loader.load(parts: [full], fetchingOriginal: true)
        let attempt = await full.script.attempt(0)
        // The attempt can start before the loader's run has registered the download (under a
        // busy thread pool); a priority change made then reaches it only when it registers,
        // after `priorityChangesApplied()` has returned.
        await waitOnMainActor("the download registered") { loader.engine.control?.registeredDownloadCount == 1 }
        return (loader, attempt)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "disappear lowers the download, and appear restores the priority it had, even after two disappears")
    func appearRestores() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        let (loader, attempt) = await Self.loading(full, on: coordinator)
        #expect(await coordinator.priority(of: "full") == .normal)
        loader.disappear()
        loader.disappear()
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .low)
        loader.appear()
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .normal)
        attempt.succeed(LoadingFixtures.jpeg())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "an explicit high priority set by the app applies at once and survives disappear and appear")
    func explicitHighIsKept() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        let (loader, attempt) = await Self.loading(full, on: coordinator)
        loader.disappear()
        loader.priority = .high
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .high)
        loader.appear()
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .high)
        loader.disappear()
        loader.appear()
        await loader.engine.priorityChangesApplied()
        #expect(await coordinator.priority(of: "full") == .high)
        attempt.succeed(LoadingFixtures.jpeg())
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "under the cancel policy, disappear cancels and keeps what is shown, and appear loads again")
    func cancelPolicy() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        let full = ScriptedPart("full")
        let (loader, attempt) = await Self.loading(full, on: coordinator, policy: .cancel)
        loader.disappear()
        await attempt.waitUntilCancelled()
        #expect(!loader.state.isLoading)
        loader.appear()
        await full.script.attempt(1).succeed(LoadingFixtures.jpeg())
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after disappear and appear, the next message starts at the loader's priority, never the lowered one")
    func laterLoadsAfterAppear() async {
        let coordinator = TransferFixtures.coordinator(throttle: .none)
        for (index, explicit) in [DownloadPriority?.none, .high].enumerated() {
            let first = ScriptedPart(PartID("first-\(index)"))
            let (loader, attempt) = await Self.loading(first, on: coordinator)
            if let explicit { loader.priority = explicit }
            loader.disappear()
            loader.appear()
            let next = ScriptedPart(PartID("next-\(index)"))
            loader.load(parts: [next], fetchingOriginal: true)
            let nextAttempt = await next.script.attempt(0)
            #expect(await coordinator.priority(of: next.id) == explicit ?? .normal)
            attempt.succeed(LoadingFixtures.jpeg())
            nextAttempt.succeed(LoadingFixtures.jpeg())
            await waitOnMainActor("the next original") { loader.state.isShowingOriginal }
        }
    }
}
