#if os(macOS) || os(Linux)
// Spawns the fault server and libjpeg-turbo's cjpeg, which exist on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// A loader's ``AttachmentLoadState/displayablePrefix``: the latest prefix while a progressive
/// original downloads, none once it is shown.
@MainActor
@Suite("Attachment loader: the latest displayable prefix", SuiteTimeLimit.minutes(5), .inTurn)
struct AttachmentLoaderProgressivePrefixTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the state holds the latest prefix while the original downloads, and none once it is shown")
    func latestPrefixThenNone() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"], width: 320, height: 240)
        let thirdScan = JPEGScanIndex(file).displayablePrefixLengths[2]
        let server = try await RemoteFaultServer(
            content: file,
            paths: [
                "/photo.jpg": [
                    .init(
                        status: 200, headers: [["Content-Length", "\(file.count)"]],
                        ops: [.slice(0, thirdScan + 2), .gate("rest"), .slice(thirdScan + 2, file.count)])
                ]
            ])
        defer { server.stop() }
        let harness = try RemoteTestHarness()
        let part = harness.part(server.url("/photo.jpg"), id: "photo", mimeType: .imageJPEG)
        let loader = CallbackAttachmentLoader(resolver: AttachmentResolver(downloads: harness.coordinator))
        var seen: [Int] = []
        loader.onChange = { state in
            if let count = state.displayablePrefix?.scanCount, count != seen.last { seen.append(count) }
        }
        loader.load(parts: [part], fetchingOriginal: true)
        await waitOnMainActor("the third scan's prefix") { loader.state.displayablePrefix?.scanCount == 3 }
        #expect(loader.state.displayablePrefix?.data == file.prefix(thirdScan))
        try server.release("rest")
        await waitOnMainActor("the original") { loader.state.isShowingOriginal }
        #expect(loader.state.displayablePrefix == nil)
        #expect(seen.contains(3))
        #expect(seen == seen.sorted())
    }
}
#endif
