#if os(macOS) || os(Linux)
// Spawns the fault server and libjpeg-turbo's tools, which exist on macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Displayable prefixes during a download, against a real server and `djpeg`: a progressive
/// JPEG served one scan at a time (the server waits at a gate after each scan until the test
/// has seen its prefix) reports one prefix per scan, each decoding cleanly; a baseline JPEG and
/// a prefetch report none.
@Suite("Resolution events: displayable prefixes of a progressive JPEG", SuiteTimeLimit.minutes(5), .inTurn)
struct ResolutionProgressivePrefixTests {
    /// A progressive file and where each of its scans is known to be complete: two bytes past
    /// the end of the scan, where the next marker's code has arrived.
    struct Served {
        let file: Data
        let server: RemoteFaultServer
        let harness: RemoteTestHarness
        let scanEnds: [Int]

        /// Serves `file`, stopping at a gate `scan-k` after the bytes that complete scan k
        /// (progressive files), or in slices of 512 bytes 10 ms apart with `gated: false`.
        init(_ file: Data, gated: Bool) async throws {
            self.file = file
            scanEnds = JPEGScanIndex(file).displayablePrefixLengths.map { min($0 + 2, file.count) }
            var ops: [RemoteFaultServer.Op] = []
            var start = 0
            if gated {
                for (number, end) in scanEnds.enumerated() where end < file.count {
                    ops += [.slice(start, end), .gate("scan-\(number + 1)")]
                    start = end
                }
            } else {
                while start + 512 < file.count {
                    ops += [.slice(start, start + 512), .sleep(0.01)]
                    start += 512
                }
            }
            ops.append(.slice(start, file.count))
            server = try await RemoteFaultServer(
                content: file,
                paths: ["/photo.jpg": [.init(status: 200, headers: [["Content-Length", "\(file.count)"]], ops: ops)]])
            harness = try RemoteTestHarness()
        }

        var part: RemotePart { harness.part(server.url("/photo.jpg"), id: "photo", mimeType: .imageJPEG) }
        var resolver: AttachmentResolver { AttachmentResolver(downloads: harness.coordinator) }
    }

    /// The prefixes `events` report, each new one once, and whether the full resolution came;
    /// each prefix opens the gate of the next scan.
    static func prefixes(_ events: AttachmentResolver.Events, opening server: RemoteFaultServer?) async throws
        -> (prefixes: [TransferProgress.DisplayablePrefix], completed: Bool)
    {
        var prefixes: [TransferProgress.DisplayablePrefix] = []
        var completed = false
        for await event in events {
            switch event {
            case .progress(let progress, _):
                guard let prefix = progress.displayablePrefix, prefix.scanCount > (prefixes.last?.scanCount ?? 0)
                else { continue }
                prefixes.append(prefix)
                try server?.release("scan-\(prefix.scanCount)")
            case .original:
                completed = true
            case .failed(let failure):
                Issue.record("\(failure)")
            case .placeholder, .preview:
                break
            }
        }
        return (prefixes, completed)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "each scan's prefix comes as it arrives, and each plus EOI decodes with djpeg without a warning")
    func prefixPerScan() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive", "-quality", "90"], width: 320, height: 240)
        let served = try await Served(file, gated: true)
        defer { served.server.stop() }
        let (prefixes, completed) = try await Self.prefixes(
            served.resolver.events(for: [served.part], fetchingOriginal: true), opening: served.server)
        #expect(completed)
        let scans = try await ProgressiveJPEGFiles.libjpegScanCount(file)
        #expect(scans == 10)
        #expect(prefixes.map(\.scanCount) == Array(1...scans))
        #expect(prefixes.map(\.byteCount) == JPEGScanIndex(file).displayablePrefixLengths)
        for prefix in prefixes {
            #expect(prefix.data == file.prefix(prefix.byteCount))
            let outcome = try await ProgressiveJPEGFiles.djpeg(prefix.decodableData)
            #expect(outcome.status == 0 && outcome.errorOutput.isEmpty, "\(prefix.scanCount): \(outcome.errorText)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "the byte counts of the progress never go back, and each progress after a prefix carries it on")
    func progressCarriesTheLatestPrefix() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"], width: 320, height: 240)
        let served = try await Served(file, gated: false)
        defer { served.server.stop() }
        var progress: [TransferProgress] = []
        for await event in served.resolver.events(for: [served.part], fetchingOriginal: true) {
            if case .progress(let value, _) = event { progress.append(value) }
        }
        let counts = progress.map(\.completedBytes)
        #expect(counts == counts.sorted())
        let scans = progress.map { $0.displayablePrefix?.scanCount ?? 0 }
        #expect(scans == scans.sorted())
        #expect(scans.last == JPEGScanIndex(file).displayablePrefixLengths.count)
        let lengths = JPEGScanIndex(file).displayablePrefixLengths
        for prefix in progress.compactMap(\.displayablePrefix) {
            #expect(prefix.byteCount == lengths[prefix.scanCount - 1])
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a baseline JPEG reports no prefix")
    func baselineReportsNone() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-quality", "90"], width: 320, height: 240)
        let served = try await Served(file, gated: false)
        defer { served.server.stop() }
        let (prefixes, completed) = try await Self.prefixes(
            served.resolver.events(for: [served.part], fetchingOriginal: true), opening: nil)
        #expect(completed)
        #expect(prefixes.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a prefetch's events report no prefix")
    func prefetchReportsNone() async throws {
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"], width: 320, height: 240)
        let served = try await Served(file, gated: false)
        defer { served.server.stop() }
        // The control an AttachmentPrefetcher gives its runs.
        let events = served.resolver.events(
            for: [served.part], fetchingOriginal: true,
            priorityControl: DownloadPriorityControl(.low, warmingDiskOnly: true))
        let (prefixes, completed) = try await Self.prefixes(events, opening: nil)
        #expect(completed)
        #expect(prefixes.isEmpty)
    }
}
#endif
