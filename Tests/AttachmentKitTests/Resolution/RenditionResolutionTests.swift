import AttachmentKit
import Foundation
import Testing

@Suite(
    "AttachmentResolver.Resolution.renditions: preview, the offered renditions, original; each under its own key",
    SuiteTimeLimit.minutes(2), .inTurn)
struct RenditionResolutionTests {
    private typealias Fixtures = RenditionFixtures
    private let sizePart = PartFactory.size(#"{"width":4032,"height":3024,"orientation":0}"#)
    private var localPreview: LocalPart {
        LocalPart(id: "preview", mimeType: .imageJPEGPreview, content: Fixtures.jpeg(Fixtures.previewSize))
    }

    @Test("the preview (size from its header) and the original (size from the size part) are the two ends")
    func chainOrder() {
        let offered = [
            Fixtures.remote(Fixtures.extraLarge, id: "photo@2048"),
            Fixtures.remote(.zero, id: "photo@unknown"),
            Fixtures.remote(Fixtures.large, id: "photo@1024"),
            Fixtures.remote(Fixtures.large, id: "photo@1024-again"),
            Fixtures.remote(PixelSize(width: 256, height: 192), id: "photo@256"),
            Fixtures.remote(PixelSize(width: 8000, height: 6000), id: "photo@8000"),
            Fixtures.remote(Fixtures.original, id: "photo@4032"),
            Fixtures.remote(Fixtures.large, id: "photo"),
        ]
        let original = OfferingPart("photo", renditions: offered)
        let resolution = AttachmentResolver().resolve([original, sizePart, localPreview])
        #expect(resolution.renditions.map(\.part.id) == ["preview", "photo@1024", "photo@2048", "photo"])
        #expect(
            resolution.renditions.map(\.pixelSize) == [
                Fixtures.previewSize, Fixtures.large, Fixtures.extraLarge, Fixtures.original,
            ])
    }

    @Test("without a size part the original's size is unknown; an offered entry can give the preview's size")
    func unknownSizes() {
        let original = OfferingPart(
            "photo",
            renditions: [
                Fixtures.remote(Fixtures.large, id: "photo@1024"), Fixtures.remote(Fixtures.previewSize, id: "preview"),
            ])
        let remotePreview = PartFactory.remote("preview", .imageJPEGPreview)
        let resolution = AttachmentResolver().resolve([original, remotePreview])
        #expect(resolution.renditions.map(\.part.id) == ["preview", "photo@1024", "photo"])
        #expect(resolution.renditions.map(\.pixelSize) == [Fixtures.previewSize, Fixtures.large, .zero])
    }

    @Test("a local original is the whole chain; a preview alone is; no image gives none; two-part messages work")
    func degenerateMessages() {
        let local = LocalPart(id: "photo", mimeType: .imageJPEG, content: Fixtures.jpeg(Fixtures.original))
        #expect(AttachmentResolver().resolve([local, localPreview]).renditions.map(\.part.id) == ["photo"])
        #expect(AttachmentResolver().resolve([localPreview]).renditions.map(\.part.id) == ["preview"])
        #expect(AttachmentResolver().resolve([sizePart]).renditions.isEmpty)
        let plain = AttachmentResolver().resolve([PartFactory.remote("photo", .imageJPEG), localPreview, sizePart])
        #expect(plain.renditions.map(\.part.id) == ["preview", "photo"])
        #expect(plain.preview?.id == "preview")
        #expect(plain.original?.id == "photo")
    }

    @Test("a remote part's renditions have distinct identities and store keys, the same every time they are made")
    func remoteKeys() throws {
        let url = try #require(URL(string: "https://cdn.example.com/p/42.jpg"))
        var photo = RemotePart(id: "flickr/42", url: url, mimeType: .imageJPEG, byteCount: 9, sha256: "ab")
        let sizes = [Fixtures.large, Fixtures.extraLarge, PixelSize(width: 1024, height: 683)]
        photo.renditions = sizes.map {
            photo.rendition(url: url.appendingPathComponent("\($0)"), pixelSize: $0)
        }
        let keys = photo.renditions.map(\.contentKey)
        #expect(keys.map(\.partID.rawValue) == ["flickr/42@1024x768", "flickr/42@2048x1536", "flickr/42@1024x683"])
        #expect(Set(keys + [ContentKey(partID: photo.id)]).count == 4)
        let again = sizes.map { photo.rendition(url: url, pixelSize: $0).contentKey }
        #expect(again == keys)
        let rendition = try #require(photo.renditions.first?.part as? RemotePart)
        #expect(rendition.byteCount == nil && rendition.sha256 == nil && rendition.mimeType == .imageJPEG)
        #expect(rendition.url == url.appendingPathComponent("\(Fixtures.large)"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("downloaded renditions are stored side by side under their own keys")
    func storedUnderOwnKeys() async throws {
        let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 20)
        let coordinator = TransferFixtures.coordinator(store: store)
        let (large, largePart) = Fixtures.scripted(Fixtures.large)
        let (extraLarge, extraLargePart) = Fixtures.scripted(Fixtures.extraLarge)
        for (rendition, part) in [(large, largePart), (extraLarge, extraLargePart)] {
            async let content = coordinator.content(for: rendition.part)
            await part.script.attempt(0).succeed(Fixtures.jpeg(rendition.pixelSize))
            _ = try await content
        }
        let largeBytes = try #require(store.content(for: large.contentKey)).bytes()
        let extraLargeBytes = try #require(store.content(for: extraLarge.contentKey)).bytes()
        #expect(largeBytes != extraLargeBytes)
        #expect(store.content(for: ContentKey(partID: "photo")) == nil)
    }
}
