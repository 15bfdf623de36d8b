import Foundation
import Testing

@testable import AttachmentKit

/// A placeholder part of its own (`application/x-thumbhash`, `application/x-blurhash`): its
/// hash becomes the placeholder's picture in the resolution and the `.placeholder` event, unless
/// the size part carries one; a malformed one is reported and the placeholder goes without it.
@Suite("Placeholder parts of their own", SuiteTimeLimit.minutes(2), .inTurn)
struct PlaceholderPartTests {
    static let blurHash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
    static let thumbHash: ThumbHash = {
        var rgba = [UInt8](repeating: 255, count: 40 * 30 * 4)
        for index in stride(from: 0, to: rgba.count, by: 4) {
            rgba[index] = UInt8(index / 4 % 40 * 6)
            rgba[index + 1] = UInt8(index / 160 * 8)
        }
        return try! ThumbHash(encoding: rgba, width: 40, height: 30)
    }()
    static let size = PartFactory.size(#"{"width":4032,"height":3024}"#)

    static func hashPart(_ text: String, _ type: MIMEType, id: PartID = "hash") -> LocalPart {
        LocalPart(id: id, mimeType: type, content: .data(Data(text.utf8)))
    }

    @Test("a ThumbHash part (base64, white space around it) gives the placeholder its picture")
    func thumbHashPart() throws {
        let resolution = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), Self.size,
            Self.hashPart(" \(Self.thumbHash.base64)\n", .thumbHash),
        ])
        #expect(resolution.placeholderSize?.image == (try Self.thumbHash.image()))
        #expect(resolution.placeholderSize?.displayedSize == PixelSize(width: 4032, height: 3024))
    }

    @Test("a BlurHash part is decoded at 32 pixels on the long side of the displayed size")
    func blurHashPart() throws {
        let resolution = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), Self.size, Self.hashPart(Self.blurHash, .blurHash),
        ])
        #expect(resolution.placeholderSize?.image == (try BlurHash(Self.blurHash).image(width: 32, height: 24)))
    }

    @Test("the size part's own hash wins, and a ThumbHash part wins over a BlurHash part")
    func precedence() throws {
        let sized = PartFactory.size(#"{"width":4032,"height":3024,"blurhash":"\#(Self.blurHash)"}"#)
        let fromSizePart = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), sized, Self.hashPart(Self.thumbHash.base64, .thumbHash),
        ])
        #expect(fromSizePart.placeholderSize?.image == (try BlurHash(Self.blurHash).image(width: 32, height: 24)))
        let both = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), Self.size, Self.hashPart(Self.blurHash, .blurHash, id: "b"),
            Self.hashPart(Self.thumbHash.base64, .thumbHash),
        ])
        #expect(both.placeholderSize?.image == (try Self.thumbHash.image()))
    }

    @Test("with no size part, the local preview's header gives the size and the hash part the picture")
    func sizeFromTheHeader() throws {
        let preview = LocalPart(
            id: "preview", mimeType: .imageJPEGPreview, content: .data(SyntheticImages.jpeg(width: 512, height: 384)))
        let resolution = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), preview, Self.hashPart(Self.blurHash, .blurHash),
        ])
        #expect(resolution.placeholderSize?.source == .imageHeader("preview"))
        #expect(resolution.placeholderSize?.image == (try BlurHash(Self.blurHash).image(width: 32, height: 24)))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the placeholder read from a fetched size part carries the hash part's picture")
    func fetchedSizePart() async throws {
        let size = ScriptedPart("size", mimeType: .imageSize)
        let parts: [any MessagePart] = [
            ScriptedPart("full"), size, Self.hashPart(Self.thumbHash.base64, .thumbHash),
        ]
        let events = AttachmentResolver(downloads: TransferFixtures.coordinator()).events(for: parts)
        let collected = Task {
            var placeholders: [PlaceholderSize] = []
            for await event in events { if case .placeholder(let size) = event { placeholders.append(size) } }
            return placeholders
        }
        await size.script.attempt(0, before: collected).succeed(.data(Data(#"{"width":600,"height":400}"#.utf8)))
        let placeholders = await collected.cancellableValue
        #expect(placeholders.count == 1)
        #expect(placeholders.first?.displayedSize == PixelSize(width: 600, height: 400))
        #expect(placeholders.first?.image == (try Self.thumbHash.image()))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a malformed hash part is reported with the size role and its error; the placeholder goes without a picture")
    func malformed() async throws {
        let parts: [any MessagePart] = [
            PartFactory.remote("photo", .imageJPEG), Self.size, Self.hashPart("LEHV6nWB2yk8", .blurHash),
        ]
        #expect(AttachmentResolver().resolve(parts).placeholderSize?.image == nil)
        var failures: [AttachmentResolver.Failure] = []
        var placeholder: PlaceholderSize?
        for await event in AttachmentResolver().events(for: parts) {
            if case .failed(let failure) = event { failures.append(failure) }
            if case .placeholder(let size) = event { placeholder = size }
        }
        #expect(placeholder != nil && placeholder?.image == nil)
        #expect(failures.count == 1)
        #expect(failures.first?.partID == "hash" && failures.first?.role == .sizeMetadata)
        #expect(failures.first?.reason as? BlurHash.Error == .wrongLength(characterCount: 12, expected: 28))
        let long = String(repeating: "A", count: 5000)
        let tooLong = AttachmentResolver().resolve([
            PartFactory.remote("photo", .imageJPEG), Self.size, Self.hashPart(long, .thumbHash),
        ])
        #expect(tooLong.placeholderSize?.image == nil)
        #expect(tooLong.placeholderHashPart?.failure?.reason is ThumbHash.Error)
    }
}
