import AttachmentKit
import Foundation

/// Figures for uploads from a file: throughput against curl to the same server, peak memory in
/// a fresh process, and the bytes sent again after the uploading process is killed.
let sendingFigures: [Figure] = [
    Figure(name: "upload-tus-256mib-vs-curl") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursTus), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlTus), target: .ratioAtLeast(0.8))
    },
    // The same requests on both sides: curl sending AttachmentKit's 2 MiB checksummed PATCHes
    // (the Python server's cost per PATCH on both), and AttachmentKit without checksums (one
    // PATCH, as curl's above).
    Figure(name: "upload-tus-256mib-vs-curl-same-chunks") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursTus), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlTusChunks), target: .ratioAtLeast(0.8))
    },
    Figure(name: "upload-tus-256mib-without-checksums-vs-curl") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursTusWithoutChecksums), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlTus), target: .ratioAtLeast(0.8))
    },
    // The client AttachmentKit runs on, without AttachmentKit: bare URLSession streaming the same
    // requests from their files. Against curl, FoundationNetworking's ceiling on Linux; against
    // AttachmentKit, what AttachmentKit adds to it (with the tus chunks, and the PUT to nginx,
    // where the server is not the bottleneck).
    Figure(name: "upload-bare-urlsession-tus-256mib-vs-curl") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.bareStreamedTus), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlTus), target: .ratioAtLeast(0.8))
    },
    Figure(name: "upload-tus-256mib-vs-bare-urlsession-same-chunks") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursTus), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.bareStreamedTusChunks), target: .ratioAtLeast(0.9))
    },
    Figure(name: "upload-put-256mib-vs-bare-urlsession-streamed-nginx") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursPut), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.bareStreamedPut), target: .ratioAtLeast(0.9))
    },
    // The same against nginx (a plain PUT to its WebDAV module), where the server is not the
    // bottleneck that the Python tus server is.
    Figure(name: "upload-put-256mib-vs-curl-nginx") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursPut), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlPut), target: .ratioAtLeast(0.8))
    },
    // The ceiling of the client: URLSession's own upload from a file (what AttachmentKit uses on
    // Apple platforms) against curl, and AttachmentKit against it, to the same nginx.
    Figure(name: "upload-bare-urlsession-put-256mib-vs-curl-nginx") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.bareURLSessionPut), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.curlPut), target: .ratioAtLeast(0.8))
    },
    Figure(name: "upload-put-256mib-vs-bare-urlsession-nginx") {
        let times = try await SendingUploadComparison.shared.times()
        return FigureResult(
            value: SendingUploadComparison.throughput(times.oursPut), unit: "MB/s",
            baseline: SendingUploadComparison.throughput(times.bareURLSessionPut), target: .ratioAtLeast(0.95))
    },
    Figure(name: "upload-peak-rss-1gib") {
        let peaks = try await SendingPeakMemory.shared.peaks()
        return FigureResult(value: peaks.large, unit: "MiB", baseline: 48, target: .valueAtMost(48))
    },
    Figure(name: "upload-peak-rss-1gib-vs-256mib") {
        let peaks = try await SendingPeakMemory.shared.peaks()
        return FigureResult(value: peaks.large, unit: "MiB", baseline: peaks.small, target: .ratioAtMost(1.1))
    },
    Figure(name: "upload-resent-after-kill-50pct") {
        let (resent, size) = try SendingKillAtHalf.measure()
        return FigureResult(value: Double(resent), unit: "bytes", baseline: Double(size), target: .ratioAtMost(0.01))
    },
    // Half the file is a chunk boundary; 1 MiB later the kill lands inside a checksummed chunk,
    // which the server refuses whole: the worst case is one chunk sent again.
    Figure(name: "upload-resent-after-kill-mid-chunk") {
        let (resent, size) = try SendingKillAtHalf.measure(pastHalf: 1 << 20)
        return FigureResult(value: Double(resent), unit: "bytes", baseline: Double(size), target: .ratioAtMost(0.01))
    },
]

/// Peak resident memory of a tus upload of 256 MiB and of 1 GiB, each in a fresh child process
/// (``SendingChild``), so that both start from the same process. Measured once per run.
actor SendingPeakMemory {
    static let shared = SendingPeakMemory()
    private var measurement: Task<(large: Double, small: Double), any Error>?

    /// The peaks in MiB, measured by the first caller.
    func peaks() async throws -> (large: Double, small: Double) {
        if let measurement { return try await measurement.value }
        let measurement = Task { try Self.measure() }
        self.measurement = measurement
        return try await measurement.value
    }

    private static func measure() throws -> (large: Double, small: Double) {
        let server = try BenchTusServer()
        defer { server.stop() }
        var peaks: [Double] = []
        for megabytes in [256, 1024] {
            let (folder, file) = try SendingBench.sparseFile(megabytes: megabytes)
            defer { try? FileManager.default.removeItem(at: folder) }
            let child = try SendingChild.Running(
                endpoint: server.endpoint, file: file, journal: folder.appendingPathComponent("journal"))
            peaks.append(try child.finish().peakMiB)
            server.removeUploads()
            print("upload-peak-rss\t\(megabytes) MiB\tpeak \(peaks.last ?? 0) MiB (fresh process)")
        }
        return (peaks[1], peaks[0])
    }
}

/// A tus upload of 256 MiB in a child process killed with `SIGKILL` once it reported half the
/// file (and `pastHalf` bytes more) sent, then resumed by a second child with the same journal
/// (as an app relaunched).
enum SendingKillAtHalf {
    /// The bytes sent beyond the file's size, and the size.
    static func measure(pastHalf: Int64 = 0) throws -> (resent: Int64, size: Int64) {
        let megabytes = 256
        let size = Int64(megabytes) << 20
        let server = try BenchTusServer()
        defer { server.stop() }
        let (folder, file) = try SendingBench.sparseFile(megabytes: megabytes)
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("journal")
        let first = try SendingChild.Running(endpoint: server.endpoint, file: file, journal: journal)
        var killedAt: Int64 = 0
        while let line = first.nextLine() {
            guard line.hasPrefix("progress "), let sent = Int64(line.dropFirst("progress ".count)) else { continue }
            if sent >= size / 2 + pastHalf {
                killedAt = sent
                break
            }
        }
        first.kill()
        guard killedAt > 0 else { throw FigureSkipped(reason: "the first child ended before half the file") }
        // As an app relaunched later: the server has stored what the dead connection delivered
        // (at most 20 s).
        for _ in 0..<200 where server.storedChunks.isEmpty { usleep(100_000) }
        let delivered = server.storedChunks.reduce(0, +)
        let patchesBefore = server.patchLengths.count
        let outcome = try SendingChild.Running(endpoint: server.endpoint, file: file, journal: journal).finish()
        // What the first process sent (at least what it reported, and what the server kept; a
        // chunk cut off with its checksum is refused whole) plus every body the second sent.
        let secondSent = server.patchLengths.dropFirst(patchesBefore).reduce(0, +)
        let resent = max(delivered, killedAt) + secondSent - size
        print(
            "upload-resent-after-kill\tkilled after \(killedAt) bytes reported sent\tserver held \(delivered)\tresumed at "
                + "\(outcome.resumedAt.map(String.init) ?? "none")\tsecond sent \(secondSent)\tresent \(resent) bytes")
        return (resent, size)
    }
}
