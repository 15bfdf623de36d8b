import Foundation
import Testing

@testable import AttachmentKit

/// A ``RemotePart``'s declared ``RemotePart/imageSize`` gives the placeholder before anything
/// is downloaded, unless the message has a local size part.
@Suite(SuiteTimeLimit.minutes(2), .inTurn)
struct RemotePlaceholderTests {
    /// A remote original that is never fetched in these tests (nothing listens on the URL),
    /// declaring `imageSize`.
    func remote(imageSize: ImageSizeMetadata?) -> RemotePart {
        RemotePart(
            id: "remote", url: URL(string: "https://127.0.0.1:9/photo.jpg")!, mimeType: .imageJPEG,
            imageSize: imageSize)
    }

    @Test("resolve: the declared image size is the placeholder, with source sizeMetadata")
    func resolve() throws {
        let size = try ImageSizeMetadata(pixelWidth: 800, pixelHeight: 600)
        let placeholder = try #require(AttachmentResolver().resolve([remote(imageSize: size)]).placeholderSize)
        #expect(placeholder.displayedSize == PixelSize(width: 800, height: 600))
        #expect(placeholder.source == .sizeMetadata)
        #expect(AttachmentResolver().resolve([remote(imageSize: nil)]).placeholderSize == nil)
    }

    @Test("a local size part wins over the declared image size")
    func sizePartWins() throws {
        let size = try ImageSizeMetadata(pixelWidth: 800, pixelHeight: 600)
        let parts: [any MessagePart] = [remote(imageSize: size), PartFactory.size(#"{"width":300,"height":400}"#)]
        let placeholder = try #require(AttachmentResolver().resolve(parts).placeholderSize)
        #expect(placeholder.displayedSize == PixelSize(width: 300, height: 400))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("events: the placeholder from the declared size comes first, before any download")
    func events() async throws {
        let size = try ImageSizeMetadata(pixelWidth: 800, pixelHeight: 600)
        let resolver = AttachmentResolver(downloads: TransferFixtures.coordinator(throttle: .none))
        var iterator = resolver.events(for: [remote(imageSize: size)]).makeAsyncIterator()
        #expect(await ResolutionEventsTests.next(from: &iterator) == "placeholder 800x600")
    }
}
