#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A size part's `"thumbhash"` and `"blurhash"` become the placeholder's image, in the
/// resolution and in the `.placeholder` event before the preview; the layout stays the size part's.
@Suite("Placeholder hashes in the size part", SuiteTimeLimit.minutes(2), .inTurn)
struct SizePartPlaceholderTests {
    static let thumbHash = try! ThumbHash(bytes: PlaceholderValidationTests.thumbHash)
    static let blurHash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    static func sizeJSON(thumbHash: String? = nil, blurHash: String? = nil) -> String {
        var json = #"{"width":4032,"height":3024"#
        if let thumbHash { json += #","thumbhash":"\#(thumbHash)""# }
        if let blurHash { json += #","blurhash":"\#(blurHash)""# }
        return json + "}"
    }

    @Test("the JSON's hashes are read; an invalid or non-string hash is ignored and the size kept")
    func parsing() throws {
        let both = try ImageSizeMetadata(
            json: Data(Self.sizeJSON(thumbHash: Self.thumbHash.base64, blurHash: Self.blurHash).utf8))
        #expect(both.thumbHash == Self.thumbHash && both.blurHash?.string == Self.blurHash)
        let invalid = try ImageSizeMetadata(json: Data(Self.sizeJSON(thumbHash: "AAAA", blurHash: "LEHV6n").utf8))
        #expect(invalid.thumbHash == nil && invalid.blurHash == nil && invalid.pixelWidth == 4032)
        let numbers = try ImageSizeMetadata(json: Data(#"{"width":1,"height":2,"thumbhash":5,"blurhash":[1]}"#.utf8))
        #expect(numbers.thumbHash == nil && numbers.blurHash == nil)
        #expect(invalid.placeholderImage() == nil)
    }

    @Test("the ThumbHash is preferred at its natural size; a BlurHash alone is decoded at the displayed aspect")
    func resolution() throws {
        let both = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG),
            PartFactory.size(Self.sizeJSON(thumbHash: Self.thumbHash.base64, blurHash: Self.blurHash)),
        ])
        #expect(both.placeholderSize?.image == (try Self.thumbHash.image()))
        #expect(both.placeholderSize?.displayedSize == PixelSize(width: 4032, height: 3024))
        let blurOnly = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), PartFactory.size(Self.sizeJSON(blurHash: Self.blurHash)),
        ])
        let image = try #require(blurOnly.placeholderSize?.image)
        #expect(image == (try BlurHash(Self.blurHash).image(width: 32, height: 24)))
        let none = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), PartFactory.size(Self.sizeJSON()),
        ])
        #expect(none.placeholderSize != nil && none.placeholderSize?.image == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the .placeholder event carries the image, before the preview, and the loader state keeps it")
    func event() async throws {
        let preview = LocalPart(
            id: "preview", mimeType: .imageJPEGPreview, content: .data(SyntheticImages.jpeg(width: 512, height: 384)))
        let parts: [any MessagePart] = [
            PartFactory.remote("photo", .imageJPEG), preview,
            PartFactory.size(Self.sizeJSON(thumbHash: Self.thumbHash.base64)),
        ]
        var events: [AttachmentResolver.Event] = []
        for await event in AttachmentResolver().events(for: parts) { events.append(event) }
        guard case .placeholder(let size) = events.first else {
            Issue.record("no placeholder first: \(events.map(\.testDescription))")
            return
        }
        #expect(size.image == (try Self.thumbHash.image()))
        #expect(events.map(\.testDescription).contains("preview preview"))
        var state = AttachmentLoadState()
        for event in events { state.apply(event, isRendition: { _ in false }) }
        #expect(state.placeholderSize?.image == (try Self.thumbHash.image()))
    }
}
#endif
