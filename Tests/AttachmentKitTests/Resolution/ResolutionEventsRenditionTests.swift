import Foundation
import Testing

@testable import AttachmentKit

@Suite(
    "AttachmentResolver events for a displayed size: the chosen rendition in the original's place",
    SuiteTimeLimit.minutes(2), .inTurn)
struct ResolutionEventsRenditionTests {
    private typealias Fixtures = RenditionFixtures
    private let message = RenditionMessage()

    private func resolver(autoDownload: AttachmentResolver.AutoDownloadPolicy = .default) -> AttachmentResolver {
        AttachmentResolver(autoDownload: autoDownload, downloads: TransferFixtures.coordinator(throttle: .none))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the rendition comes as the full resolution with its own identity; a failed one is reported, then the next one up"
    )
    func renditionThenFallback() async throws {
        try message.requireChain()
        let events = resolver().events(
            for: message.parts, displayedPixelSize: RenditionMessage.largeCell, fetchingOriginal: true)
        let collected = ResolutionEventsTests.collect(events)
        await message.large.1.script.attempt(0, before: collected).fail(URLError(.badServerResponse))
        await message.extraLarge.1.script.attempt(0, before: collected).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        let described = await collected.cancellableValue.filter { !$0.hasPrefix("progress") }
        #expect(
            described == [
                "placeholder 4032x3024", "preview preview", "failed original photo@1024x768",
                "full photo@2048x1536",
            ])
        #expect(message.startedCounts == (0, 1, 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a rendition that fails the content check falls back too; without being asked, auto-download decides")
    func checkFailureAndAutoDownload() async throws {
        try message.requireChain()
        let events = resolver().events(for: message.parts, displayedPixelSize: RenditionMessage.largeCell)
        #expect(
            await ResolutionEventsTests.collect(events).cancellableValue == [
                "placeholder 4032x3024", "preview preview",
            ])
        #expect(message.startedCounts == (0, 0, 0))
        let jpegs = AttachmentResolver.AutoDownloadPolicy(mimeTypes: [.imageJPEG])
        let allowed = resolver(autoDownload: jpegs).events(
            for: message.parts, displayedPixelSize: RenditionMessage.largeCell)
        let collected = ResolutionEventsTests.collect(allowed)
        await message.large.1.script.attempt(0, before: collected).succeed(.data(Data("not an image".utf8)))
        await message.extraLarge.1.script.attempt(0, before: collected).succeed(Fixtures.jpeg(Fixtures.extraLarge))
        let described = await collected.cancellableValue.filter { !$0.hasPrefix("progress") }
        #expect(
            described == [
                "placeholder 4032x3024", "preview preview", "failed original photo@1024x768",
                "full photo@2048x1536",
            ])
    }
}
