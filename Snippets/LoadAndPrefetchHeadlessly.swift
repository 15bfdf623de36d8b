// An AttachmentLoader and an AttachmentPrefetcher driven without a UI, as in the "Showing
// attachments in a list" article: a list warms the store ahead of the scroll, a fast scroll
// starts and stops messages in the same turn, and a cell shows one message.
import AttachmentKit
import Foundation

// snippet.hide
/// A part on a pretend server: its download returns a tiny JPEG (its header) at once.
struct ServerPart: MessagePart {
    let id: PartID
    let mimeType = MIMEType.imageJPEG
    let transferStatus = TransferStatus.readyForDownload
    let localContent: PartContent? = nil
    var representations: [ImageRepresentation] = []

    init(id: PartID) { self.id = id }

    func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        .data(
            Data([
                0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x04, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11,
                0x00, 0x03, 0x11, 0x00, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF,
                0xD9,
            ]))
    }
}
let store = InMemoryContentStore(costLimit: 1 << 20, maximumEntryCost: 1 << 16)
// snippet.show
let resolver = AttachmentResolver(downloads: DownloadCoordinator(store: store))
let messages: [[any MessagePart]] = (0..<20).map { [ServerPart(id: PartID("photo-\($0)"))] }

// The list is about to show messages 0–9: warm the store, two at a time, at low priority.
let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingFullResolution: true)
prefetcher.onDrained = { print("prefetching drained") }
prefetcher.startPrefetching(Array(messages[0..<10]))
// A fast scroll: messages 10–19 come and go in the same turn, and none of them is requested.
prefetcher.startPrefetching(Array(messages[10..<20]))
prefetcher.stopPrefetching(Array(messages[10..<20]))

// A cell shows message 0: its loader joins the prefetch (raising it) or reads the store.
let loader = CallbackAttachmentLoader(resolver: resolver)
loader.onChange = { state in print("phase:", state.phase) }
loader.load(parts: messages[0], fetchingFullResolution: true)
loader.disappear()  // scrolled away: its downloads go low
loader.appear()  // back: the priority it had before

// A grid of 120 × 90-point cells on a 3× screen shows 360 × 270 pixels. The server also has the
// photo at 640 × 480: given the size, the prefetcher and the cell's loader both fetch that copy,
// stored under its own key, and never the original.
var gridPhoto = ServerPart(id: "grid-photo")
gridPhoto.representations = [
    ImageRepresentation(pixelSize: PixelSize(width: 640, height: 480), part: ServerPart(id: "grid-photo@640x480"))
]
let cellPixels = PixelSize(width: 120 * 3, height: 90 * 3)
prefetcher.startPrefetching([[gridPhoto]], displayedPixelSize: cellPixels)
let gridLoader = CallbackAttachmentLoader(resolver: resolver)
gridLoader.load(parts: [gridPhoto], displayedPixelSize: cellPixels, fetchingFullResolution: true)
// snippet.hide
while loader.state.isLoading || gridLoader.state.isLoading || prefetcher.runningCount + prefetcher.waitingCount > 0 {
    await Task.yield()
}
print("shown:", loader.state.content != nil)
print("grid cell stored:", await store.contains(ContentKey(partID: "grid-photo@640x480")))  // true
print("original stored:", await store.contains(ContentKey(partID: "grid-photo")))  // false
