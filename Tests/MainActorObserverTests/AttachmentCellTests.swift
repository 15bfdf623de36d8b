import AttachmentKit
import Foundation
import Testing

/// A 4 × 3 baseline JPEG header: content that passes the resolver's check.
private let smallJPEG = PartContent.data(
    Data([
        0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x04, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00,
        0x03, 0x11, 0x00, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9,
    ]))

private let photo = LocalPart(id: "photo", mimeType: .imageJPEG, content: smallJPEG, transferStatus: .complete)

@MainActor
private func waitUntil(_ condition: () -> Bool) async {
    while !condition(), !Task.isCancelled { await Task.yield() }
}

@MainActor
@Suite("A @MainActor cell shows a message through the loader")
struct AttachmentCellTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the callback cell renders the image and its aspect ratio, and forgets them on reuse", .timeLimit(.minutes(1)))
    func callbackCell() async {
        let cell = AttachmentCell(resolver: AttachmentResolver(downloads: DownloadCoordinator()))
        cell.configure(with: [photo])
        cell.didEndDisplaying()
        cell.willDisplay()
        await waitUntil { cell.shownContent != nil }
        #expect(cell.shownContent == smallJPEG)
        #expect(cell.aspectRatio == 4.0 / 3.0)
        cell.prepareForReuse()
        #expect(cell.shownContent == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a grid cell given its size shows the rendition that covers it; the prefetcher takes the same size",
        .timeLimit(.minutes(1)))
    func gridCell() async throws {
        let resolver = AttachmentResolver(downloads: DownloadCoordinator())
        let url = try #require(URL(string: "https://example.com/photo.jpg"))
        var original = RemotePart(id: "grid", url: url, mimeType: .imageJPEG)
        let rendition = LocalPart(id: "grid@640x480", mimeType: .imageJPEG, content: smallJPEG)
        original.representations = [ImageRepresentation(pixelSize: PixelSize(width: 640, height: 480), part: rendition)]
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingFullResolution: true)
        prefetcher.startPrefetching([[original]], displayedPixelSize: PixelSize(width: 360, height: 270))
        let cell = AttachmentCell(resolver: resolver)
        cell.configure(with: [original], cellSize: CGSize(width: 120, height: 90), screenScale: 3)
        await waitUntil { cell.shownContent != nil }
        #expect(cell.shownContent == smallJPEG)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the observing cell re-renders when the loader's content changes", .timeLimit(.minutes(1)))
    func observingCell() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let cell = ObservingAttachmentCell(resolver: AttachmentResolver(downloads: DownloadCoordinator()))
        cell.configure(with: [photo])
        await waitUntil { cell.shownContent != nil }
        #expect(cell.shownContent == smallJPEG)
    }
}
