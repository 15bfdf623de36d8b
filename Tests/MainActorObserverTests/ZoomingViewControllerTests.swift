import AttachmentKit
import Foundation
import Testing

/// A JPEG header of `width` × `height`: enough for the content check.
private func jpeg(width: Int, height: Int) -> PartContent {
    let frame: [UInt8] = [
        0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
        1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0,
    ]
    let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34, 0xFF, 0xD9]
    return .data(Data([0xFF, 0xD8] + frame + scan))
}

/// A photo whose original is on the server, with a local 1024 and 2048 rendition.
private struct OfferingPhoto: MessagePart {
    let id: PartID = "photo"
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let localContent: PartContent? = nil
    var renditions: [Rendition] {
        [(1024, 768), (2048, 1536)].map { width, height in
            let part = LocalPart(
                id: PartID("photo@\(width)"), mimeType: .imageJPEG, content: jpeg(width: width, height: height))
            return Rendition(pixelSize: PixelSize(width: CGFloat(width), height: CGFloat(height)), part: part)
        }
    }
}

@MainActor
@Suite("A @MainActor viewer swaps in the next rendition up as the user zooms")
struct ZoomingViewControllerTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "zooming past the 1024 rendition draws the 2048 one, on the main actor, without moving", .timeLimit(.minutes(1))
    )
    func upgradesOnZoom() async {
        let size = LocalPart(
            id: "size", mimeType: .imageSize, content: .data(Data(#"{"width":4032,"height":3024}"#.utf8)))
        let resolver = AttachmentResolver(downloads: DownloadCoordinator())
        let resolution = resolver.resolve([OfferingPhoto(), size])
        let controller = ZoomingViewController(
            resolution: resolution, resolver: resolver, boundsSize: CGSize(width: 375, height: 667))
        #expect(controller.drawn?.part.id == "photo@1024")
        controller.pinched(by: 2)  // 1500 px wide
        let before = controller.viewport
        while controller.isFetching, !Task.isCancelled { await Task.yield() }
        #expect(controller.drawn?.part.id == "photo@2048")
        #expect(controller.viewport == before)  // laid out at the original's size: nothing moved
        controller.dismiss()
    }
}
