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
    var renditions: [Rendition] = []

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
let prefetcher = AttachmentPrefetcher(resolver: resolver, fetchingOriginal: true)
var drainedCount = 0
prefetcher.onDrained = { drainedCount += 1 }  // once each time the work runs out
prefetcher.startPrefetching(Array(messages[0..<10]))
// A fast scroll: messages 10–19 come and go in the same turn, and none of them is requested.
prefetcher.startPrefetching(Array(messages[10..<20]))
prefetcher.stopPrefetching(Array(messages[10..<20]))

// A cell shows message 0: its loader joins the prefetch (raising it) or reads the store.
let loader = CallbackAttachmentLoader(resolver: resolver)
loader.onChange = { state in
    if !state.isLoading { print("message 0:", state.phase) }  // the load has ended
}
loader.load(parts: messages[0], fetchingOriginal: true)
loader.disappear()  // scrolled away: its downloads go low
loader.appear()  // back: the priority it had before

// A grid of 120 × 90-point cells on a 3× screen shows 360 × 270 pixels. The server also has the
// photo at 640 × 480 and 1280 × 960: given the size, the prefetcher and the cell's loader both
// fetch the 640 copy, stored under its own key, and never the original.
var gridPhoto = ServerPart(id: "grid-photo")
gridPhoto.renditions = [
    Rendition(pixelSize: PixelSize(width: 640, height: 480), part: ServerPart(id: "grid-photo@640x480")),
    Rendition(pixelSize: PixelSize(width: 1280, height: 960), part: ServerPart(id: "grid-photo@1280x960")),
]
let cellPixels = PixelSize(width: 120 * 3, height: 90 * 3)
prefetcher.startPrefetching([[gridPhoto]], displayedPixelSize: cellPixels)
let gridLoader = CallbackAttachmentLoader(resolver: resolver)
gridLoader.load(parts: [gridPhoto], displayedPixelSize: cellPixels, fetchingOriginal: true)
// snippet.hide
while loader.state.isLoading || gridLoader.state.isLoading || prefetcher.runningCount + prefetcher.waitingCount > 0
    || drainedCount == 0
{
    await Task.yield()
}
print("prefetching drained \(drainedCount) time(s)")  // 1
print("message 0 shown:", loader.state.content != nil)  // true
print("grid cell shows:", gridLoader.state.shownPartID?.rawValue ?? "nothing")  // grid-photo@640x480
gridLoader.onChange = { state in
    if state.content == nil { print("the grid cell went blank") }  // never: nothing clears it
}
// snippet.show

// Later, once the grid cell shows the 640 copy, the device rotates and the cell grows to
// 400 × 300 points, 1200 × 900 pixels: as its layoutSubviews would, tell the loader. The 640 copy stays shown while the 1280 one, the
// smallest that covers the new size, is fetched and swapped in; a smaller size fetches nothing.
gridLoader.displayedPixelSizeChanged(to: PixelSize(width: 400 * 3, height: 300 * 3))
gridLoader.displayedPixelSizeChanged(to: cellPixels)  // and back at once: fetches nothing, the 1280 fetch goes on
// snippet.hide
while gridLoader.state.isLoading { await Task.yield() }
print("grid cell shows after the rotation:", gridLoader.state.shownPartID?.rawValue ?? "nothing")
for id in ["grid-photo@640x480", "grid-photo@1280x960", "grid-photo"] {
    print("stored \(id):", await store.contains(ContentKey(partID: PartID(id))))  // true, true, false
}
