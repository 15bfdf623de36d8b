import Foundation
import Testing

@testable import AttachmentKit

/// The phase a loader publishes while a failed rendition falls back to the next one up: a
/// progress UI must not reset between the two.
@MainActor
@Suite(
    "Attachment loader: the phase stays downloading through a rendition's fallback", SuiteTimeLimit.minutes(2), .inTurn)
struct AttachmentLoaderFallbackPhaseTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()

    /// A short name for a phase, to compare published sequences.
    private static func name(_ phase: AttachmentLoadState.Phase) -> String {
        switch phase {
        case .empty: "empty"
        case .placeholder: "placeholder"
        case .preview: "preview"
        case .downloading(let progress): "downloading \(progress.completedBytes)"
        case .original: "original"
        case .failed: "failed"
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "every published phase from the first rendition's progress to the next one's content is downloading")
    func phaseStaysDownloading() async throws {
        try message.requireChain()
        let coordinator = TransferFixtures.coordinator(
            throttle: .none, store: InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20))
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: coordinator), downloadDelay: 0)
        var phases: [String] = []
        loader.onChange = { phases.append(Self.name($0.phase)) }
        loader.load(parts: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        let first = await message.large.1.script.attempt(0)
        first.report(40, of: 100)
        await waitOnMainActor("the first rendition's progress") { phases.last == "downloading 40" }
        first.fail(URLError(.badServerResponse))
        let next = await message.extraLarge.1.script.attempt(0)
        await waitOnMainActor("the failure") { loader.state.lastFailure != nil }
        next.report(10, of: 100)
        await waitOnMainActor("the next one's progress") { phases.last == "downloading 10" }
        next.succeed(Fixtures.jpeg(Fixtures.extraLarge))
        await waitOnMainActor("the next one up, shown") { loader.state.isShowingOriginal }
        let start = phases.firstIndex(of: "downloading 40") ?? phases.endIndex
        let end = phases.firstIndex(of: "original") ?? phases.endIndex
        #expect(
            phases[start..<end].allSatisfy { $0.hasPrefix("downloading") },
            "published: \(phases.joined(separator: " → "))")
        #expect(phases.last == "original")
    }
}
