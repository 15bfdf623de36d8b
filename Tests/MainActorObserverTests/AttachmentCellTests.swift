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

/// A photo on a server that offers local 640 × 480 and 1280 × 960 renditions.
private func gridPhoto() throws -> RemotePart {
    let url = try #require(URL(string: "https://example.com/grid.jpg"))
    var original = RemotePart(id: "grid", url: url, mimeType: .imageJPEG)
    original.representations = [(640, 480), (1280, 960)].map { width, height in
        let part = LocalPart(id: PartID("grid@\(width)x\(height)"), mimeType: .imageJPEG, content: smallJPEG)
        return ImageRepresentation(pixelSize: PixelSize(width: CGFloat(width), height: CGFloat(height)), part: part)
    }
    return original
}

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
    @Test(
        "a grid cell whose bounds grow tells the loader from layoutSubviews: the larger rendition replaces the shown one",
        .timeLimit(.minutes(1)))
    func gridCellGrows() async throws {
        let cell = AttachmentCell(resolver: AttachmentResolver(downloads: DownloadCoordinator()))
        cell.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
        cell.configure(
            with: [try gridPhoto()], cellSize: cell.bounds.size, screenScale: cell.traitCollection.displayScale)
        cell.layoutSubviews()  // the first layout, at the size it was loaded for: nothing more
        await waitUntil { cell.shownPartID == "grid@640x480" }
        #expect(cell.shownPartID == "grid@640x480")
        cell.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)  // rotated: 1200 × 900 pixels
        cell.layoutSubviews()
        await waitUntil { cell.shownPartID == "grid@1280x960" }
        #expect(cell.shownPartID == "grid@1280x960")
        #expect(!cell.wentBlank, "the 640 copy stays shown until the 1280 one replaces it")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "a SwiftUI-style row loads for its size on appear and takes the larger rendition when its size grows",
        .timeLimit(.minutes(1)))
    func observingRowGrows() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let row = ObservingAttachmentCell(resolver: AttachmentResolver(downloads: DownloadCoordinator()))
        row.appear(at: CGSize(width: 120, height: 90), parts: [try gridPhoto()])
        await waitUntil { row.loader.state.shownPartID == "grid@640x480" }
        #expect(row.loader.state.shownPartID == "grid@640x480")
        row.sizeChanged(to: CGSize(width: 400, height: 300))
        #expect(row.loader.content != nil, "what is shown stays while the larger one comes")
        await waitUntil { row.loader.state.shownPartID == "grid@1280x960" }
        #expect(row.loader.state.shownPartID == "grid@1280x960")
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
