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
    original.renditions = [(640, 480), (1280, 960)].map { width, height in
        let part = LocalPart(id: PartID("grid@\(width)x\(height)"), mimeType: .imageJPEG, content: smallJPEG)
        return Rendition(pixelSize: PixelSize(width: CGFloat(width), height: CGFloat(height)), part: part)
    }
    return original
}

/// Requires that `resolver` chooses the rendition `expected` of `parts` for a view of `size`
/// points at `scale`, the choice a cell's load or size change makes: a wait for what the cell
/// shows has no way to know that another part was chosen, and would run into its time limit.
private func requireRendition(
    _ expected: PartID, of parts: [any MessagePart], at size: CGSize, scale: CGFloat, resolver: AttachmentResolver,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let pixels = PixelSize(width: size.width * scale, height: size.height * scale)
    let offered = resolver.resolve(parts).renditions
    let chosen = resolver.policy.rendition(for: pixels, among: offered)?.part
    try #require(
        chosen?.id == expected,
        "for \(pixels.width) × \(pixels.height) px the resolver chose \(chosen.map { "\($0.id)" } ?? "nothing")",
        sourceLocation: sourceLocation)
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
        original.renditions = [Rendition(pixelSize: PixelSize(width: 640, height: 480), part: rendition)]
        let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
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
        let resolver = AttachmentResolver(downloads: DownloadCoordinator())
        let parts: [any MessagePart] = [try gridPhoto()]
        let (small, large) = (CGSize(width: 120, height: 90), CGSize(width: 400, height: 300))
        let cell = AttachmentCell(resolver: resolver)
        let scale = cell.traitCollection.displayScale
        try requireRendition("grid@640x480", of: parts, at: small, scale: scale, resolver: resolver)
        try requireRendition("grid@1280x960", of: parts, at: large, scale: scale, resolver: resolver)
        cell.bounds = CGRect(origin: .zero, size: small)
        cell.configure(with: parts, cellSize: cell.bounds.size, screenScale: scale)
        cell.layoutSubviews()  // the first layout, at the size it was loaded for: nothing more
        await waitUntil { cell.shownPartID == "grid@640x480" }
        #expect(cell.shownPartID == "grid@640x480")
        cell.bounds = CGRect(origin: .zero, size: large)  // rotated: 1200 × 900 pixels
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
        let resolver = AttachmentResolver(downloads: DownloadCoordinator())
        let parts: [any MessagePart] = [try gridPhoto()]
        let (small, large) = (CGSize(width: 120, height: 90), CGSize(width: 400, height: 300))
        let row = ObservingAttachmentCell(resolver: resolver)
        try requireRendition("grid@640x480", of: parts, at: small, scale: row.displayScale, resolver: resolver)
        try requireRendition("grid@1280x960", of: parts, at: large, scale: row.displayScale, resolver: resolver)
        row.appear(at: small, parts: parts)
        await waitUntil { row.loader.state.shownPartID == "grid@640x480" }
        #expect(row.loader.state.shownPartID == "grid@640x480")
        row.sizeChanged(to: large)
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
