import AttachmentKit
import Foundation

/// 256 MiB from nginx on loopback downloaded by AttachmentKit, by curl and by bare URLSession
/// doing the same job (a data task on the inline delegate queue ``URLSessionTransport`` uses on
/// Linux, writing each chunk to a file: what an app gets from the client without AttachmentKit),
/// in turn, the order rotating each round so that all three see the same machine load. Measured
/// once per run of the benchmark and shared by the figures that compare AttachmentKit with curl
/// and with URLSession.
actor RemoteDownloadComparison {
    /// The seconds of each download, five of each.
    struct Times: Sendable {
        var ours: [Double] = []
        var curl: [Double] = []
        var bareURLSession: [Double] = []
    }

    static let shared = RemoteDownloadComparison()
    private var measurement: Task<Times, any Error>?

    /// The times, measured by the first caller.
    func times() async throws -> Times {
        if let measurement { return try await measurement.value }
        let measurement = Task { try await Self.measure() }
        self.measurement = measurement
        return try await measurement.value
    }

    /// MB/s of 256 MiB downloaded in the median of `seconds`.
    static func throughput(_ seconds: [Double]) -> Double { 256.0 * 1.048576 / Measure.median(seconds) }

    private static func measure() async throws -> Times {
        let server = try BenchNginx()
        defer { server.stop() }
        try server.serve(megabytes: 256, as: "big.bin")
        let url = server.url("big.bin")
        var times = Times()
        for round in 0..<5 {
            for kind in [0, 1, 2].map({ ($0 + round) % 3 }) {
                switch kind {
                case 0: times.ours.append(try await RemoteBench.download([url]))
                case 1: times.curl.append(try RemoteBench.curl([url]))
                default:
                    times.bareURLSession.append(try await BareURLSession.download(url, inline: true, writes: true))
                }
            }
        }
        print(
            "remote-download-256mib\tours \(times.ours)\tcurl \(times.curl)"
                + "\tbare-inline-write \(times.bareURLSession)")
        return times
    }
}
