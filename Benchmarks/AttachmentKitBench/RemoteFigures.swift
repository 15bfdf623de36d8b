import AttachmentKit
import Foundation

/// Figures for remote downloads against nginx on loopback, each against curl (or itself)
/// in the same run: throughput, peak memory, bytes moved by a resume, and many small files.
let remoteFigures: [Figure] = [
    // curl is the physical reference; URLSession is the client AttachmentKit runs on (on
    // Linux, FoundationNetworking's per-chunk work keeps it below curl).
    Figure(name: "remote-download-256mib-vs-curl") {
        let times = try await RemoteDownloadComparison.shared.times()
        return FigureResult(
            value: RemoteDownloadComparison.throughput(times.ours), unit: "MB/s",
            baseline: RemoteDownloadComparison.throughput(times.curl), target: .ratioAtLeast(0.9))
    },
    Figure(name: "remote-download-256mib-vs-urlsession") {
        let times = try await RemoteDownloadComparison.shared.times()
        return FigureResult(
            value: RemoteDownloadComparison.throughput(times.ours), unit: "MB/s",
            baseline: RemoteDownloadComparison.throughput(times.bareURLSession), target: .ratioAtLeast(0.95))
    },
    Figure(name: "remote-peak-rss-1gib") {
        let (large, _) = try await RemotePeakMemory.peakResidentMiB()
        return FigureResult(value: large, unit: "MiB", baseline: 48, target: .valueAtMost(48))
    },
    Figure(name: "remote-peak-rss-1gib-vs-256mib") {
        let (large, small) = try await RemotePeakMemory.peakResidentMiB()
        // The same growth without AttachmentKit: URLSession alone, with a consumer slower
        // than loopback (printed, not the figure).
        _ = try await RemotePeakMemory.peakResidentMiB(client: .bareSlowConsumer)
        return FigureResult(value: large, unit: "MiB", baseline: small, target: .ratioAtMost(1.1))
    },
    Figure(name: "remote-peak-rss-1gib-network-bound") {
        let (large, _) = try await RemotePeakMemory.peakResidentMiB(rate: RemotePeakMemory.networkBoundRate)
        return FigureResult(value: large, unit: "MiB", baseline: 48, target: .valueAtMost(48))
    },
    Figure(name: "remote-peak-rss-1gib-vs-256mib-network-bound") {
        let (large, small) = try await RemotePeakMemory.peakResidentMiB(rate: RemotePeakMemory.networkBoundRate)
        return FigureResult(value: large, unit: "MiB", baseline: small, target: .ratioAtMost(1.1))
    },
    Figure(name: "remote-resume-after-drop-50pct") {
        let megabytes = 64
        let server = try BenchNginx(
            extra: "limit_rate_after \(megabytes / 2)m; set $limit_rate 10k; if ($http_range) { set $limit_rate 0; }")
        defer { server.stop() }
        try server.serve(megabytes: megabytes, as: "half.bin")
        let size = Int64(megabytes) << 20
        try await RemoteBench.downloadWithDropAtHalf(server.url("half.bin"), size: size)
        return FigureResult(
            value: Double(server.bytesSent) / Double(size), unit: "sent/size", baseline: 1, target: .valueAtMost(1.01))
    },
    Figure(name: "remote-64-concurrent-1mib-vs-curl-parallel") {
        let server = try BenchNginx()
        defer { server.stop() }
        for index in 0..<64 { try server.serve(megabytes: 1, as: "small-\(index).bin") }
        let urls = (0..<64).map { server.url("small-\($0).bin") }
        var ours: [Double] = []
        var curl: [Double] = []
        for round in 0..<5 {
            for isOurs in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                if isOurs {
                    ours.append(try await RemoteBench.download(urls))
                } else {
                    curl.append(try RemoteBench.curl(urls))
                }
            }
        }
        return FigureResult(
            value: Measure.median(ours) * 1000, unit: "ms", baseline: Measure.median(curl) * 1000,
            target: .ratioAtMost(2))
    },
]

/// The downloads the remote figures time.
enum RemoteBench {
    static func downloader(maximumByteCount: Int64 = 2 << 30) -> RemotePart.Downloader {
        RemotePart.Downloader(
            configuration: RemotePart.Configuration(
                allowedSchemes: ["http"], maximumByteCount: maximumByteCount, idleTimeout: 30, totalTimeout: 600))
    }

    /// Downloads `urls` at once into a new store through a coordinator; returns the seconds.
    static func download(_ urls: [URL]) async throws -> Double {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-store-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileContentStore(directory: directory, byteCapacity: 4 << 30, durability: .processCrashSafe)
        let coordinator = DownloadCoordinator(store: store, configuration: .init(maximumConcurrentTransfers: 64))
        let downloader = downloader()
        let stopwatch = Stopwatch()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                let part = RemotePart(
                    id: PartID(url.absoluteString), url: url, mimeType: .applicationOctetStream, downloader: downloader)
                group.addTask { _ = try await coordinator.content(for: part) }
            }
            try await group.waitForAll()
        }
        return stopwatch.seconds
    }

    /// Downloads `part` into a new store through a coordinator; returns the seconds.
    static func download(_ part: any MessagePart) async throws -> Double {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-store-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileContentStore(directory: directory, byteCapacity: 4 << 30, durability: .processCrashSafe)
        let coordinator = DownloadCoordinator(store: store)
        let stopwatch = Stopwatch()
        _ = try await coordinator.content(for: part)
        return stopwatch.seconds
    }

    /// `curl -o` of each URL into a temporary folder (`--parallel` for several); the seconds.
    static func curl(_ urls: [URL]) throws -> Double {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-curl-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = urls.count > 1 ? ["--parallel", "--parallel-max", "64"] : []
        for (index, url) in urls.enumerated() {
            arguments += ["-o", directory.appendingPathComponent("\(index)").path, url.absoluteString]
        }
        let stopwatch = Stopwatch()
        try runCurl(arguments)
        return stopwatch.seconds
    }

    /// Downloads `url`, cancels it once half of it is written (the server then all but
    /// stalls), and downloads it again, which resumes.
    static func downloadWithDropAtHalf(_ url: URL, size: Int64) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("attachmentkit-bench-store-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FileContentStore(directory: directory, byteCapacity: 4 << 30, durability: .processCrashSafe)
        let coordinator = DownloadCoordinator(store: store)
        let part = RemotePart(id: "half", url: url, mimeType: .applicationOctetStream, downloader: downloader())
        let first = await coordinator.download(part)
        for _ in 0..<60_000 {
            if let kept = await store.partialDownload(for: ContentKey(partID: "half")), kept.byteCount >= size / 2 {
                break
            }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        first.cancel()
        await coordinator.waitUntilIdle()
        let content = try await coordinator.content(for: part)
        guard try content.byteCount() == size else {
            throw FigureSkipped(reason: "the resumed download has the wrong size")
        }
    }
}
