import AttachmentKit
import Foundation
import Testing

@Suite("TransferStatus and the local-content rule", SuiteTimeLimit.minutes(2), .inTurn)
struct TransferStatusTests {
    @Test(
        "content is local in every state except readyForDownload and downloading",
        arguments: [
            (TransferStatus.awaitingUpload, true), (.uploading, true), (.readyForDownload, false),
            (.downloading, false), (.complete, true),
        ])
    func statusRule(status: TransferStatus, isLocal: Bool) {
        #expect(status.isContentLocal == isLocal)
        let part = LocalPart(id: "p", mimeType: .imageJPEG, content: .data(Data([1])), transferStatus: status)
        #expect((part.availableContent != nil) == isLocal)
    }

    @Test("the five states are LayerKit's, in its order")
    func allCases() {
        #expect(
            TransferStatus.allCases.map(\.rawValue) == [
                "awaitingUpload", "uploading", "readyForDownload", "downloading", "complete",
            ])
    }

    @Test(
        "LayerKit's raw transfer states 0-4 map to the five cases in order; any other value gives nil",
        arguments: [
            (0, TransferStatus.awaitingUpload), (1, .uploading), (2, .readyForDownload), (3, .downloading),
            (4, .complete),
        ])
    func layerKitRawValues(rawValue: Int, status: TransferStatus) {
        #expect(TransferStatus(layerKitRawValue: rawValue) == status)
    }

    @Test("raw values LayerKit doesn't define give nil", arguments: [-1, 5, Int.max, Int.min])
    func unknownLayerKitRawValues(rawValue: Int) {
        #expect(TransferStatus(layerKitRawValue: rawValue) == nil)
    }

    @Test("LayerKit's NSUInteger raw values are accepted as UInt, the largest giving nil")
    func unsignedLayerKitRawValues() {
        #expect(TransferStatus(layerKitRawValue: 4 as UInt) == .complete)
        #expect(TransferStatus(layerKitRawValue: UInt.max) == nil)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a part with no way to download and no local content throws notDownloadable")
    func defaultDownload() async throws {
        let remote = LocalPart(id: "r", mimeType: .imageJPEG, content: nil, transferStatus: .readyForDownload)
        await #expect {
            try await remote.downloadContent(reportingTo: NullObserver())
        } throws: { error in
            guard case TransferError.notDownloadable("r") = error else { return false }
            return true
        }
        let local = LocalPart(id: "l", mimeType: .imageJPEG, content: .data(Data([7])))
        #expect(try await local.downloadContent(reportingTo: NullObserver()) == .data(Data([7])))
    }
}

private final class NullObserver: ProgressObserver {
    func transfer(of partID: PartID, didUpdate progress: TransferProgress) {}
}
