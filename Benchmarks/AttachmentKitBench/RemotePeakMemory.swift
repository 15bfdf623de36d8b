import Foundation

/// Peak resident memory of a download, each measured in a fresh child process (this
/// executable run again with ``childArgument``), so that every size starts from the same
/// process: no heap left over from earlier figures or from the other size.
///
/// Measured twice: at loopback's full speed, where the download runs as fast as the disk takes
/// it (FoundationNetworking then keeps a cancelled timer per 16 KiB chunk until the transfer
/// ends, so its memory grows with the size), and with nginx sending at most
/// ``networkBoundRate`` per second, slower than the disk here, as a network is.
enum RemotePeakMemory {
    /// The argument that makes the benchmark download one URL and print its peak memory.
    static let childArgument = "--remote-peak-rss-child"

    /// nginx's `limit_rate` for the network-bound figures: 150 MiB/s, faster than gigabit
    /// Ethernet (about 119 MB/s) and any phone network.
    static let networkBoundRate = "150m"

    /// What a child downloads with.
    enum Client: String {
        /// A `DownloadCoordinator` and a `RemotePart` into a new file store.
        case attachmentKit = "attachmentkit"
        /// URLSession alone, counting the bytes, with ``slowConsumerNanoseconds`` of work per
        /// chunk: slower than loopback, as writing to the disk is, with no AttachmentKit code.
        case bareSlowConsumer = "bare-slow-consumer"
    }

    /// The work the bare slow consumer does per 16 KiB chunk: 10 µs, about 1.6 GB/s.
    static let slowConsumerNanoseconds: UInt64 = 10_000

    /// Peak resident memory while downloading 1 GiB, and while downloading 256 MiB, in MiB;
    /// with nginx's `limit_rate` set to `rate` when given.
    static func peakResidentMiB(rate: String? = nil, client: Client = .attachmentKit) async throws
        -> (large: Double, small: Double)
    {
        let server = try BenchNginx(extra: rate.map { "limit_rate \($0);" } ?? "")
        defer { server.stop() }
        try server.serve(megabytes: 1024, as: "1g.bin")
        try server.serve(megabytes: 256, as: "256m.bin")
        var peaks: [Double] = []
        for name in ["256m.bin", "1g.bin"] {
            peaks.append(try childPeak(server.url(name), client: client))
            let pace = rate.map { " at most \($0)/s" } ?? ""
            print("remote-peak-rss\t\(client.rawValue)\t\(name)\(pace)\tpeak \(peaks.last ?? 0) MiB (fresh process)")
        }
        return (peaks[1], peaks[0])
    }

    /// Runs this executable with ``childArgument``, `url` and `client`; its peak, in MiB.
    private static func childPeak(_ url: URL, client: Client) throws -> Double {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [childArgument, url.absoluteString, client.rawValue]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.terminationStatus == 0, let peak = Double(text) else {
            throw FigureSkipped(reason: "the child download failed: \(child.terminationStatus) \(text)")
        }
        return peak
    }

    /// In the child: downloads `url` with `client` and prints the process's peak resident
    /// memory in MiB (the kernel's high-water mark, `VmHWM`).
    static func runChild(_ url: String, client: String) async -> Int32 {
        guard let url = URL(string: url), let client = Client(rawValue: client) else { return 2 }
        do {
            switch client {
            case .attachmentKit:
                _ = try await RemoteBench.download([url])
            case .bareSlowConsumer:
                _ = try await BareURLSession.download(
                    url, inline: true, writes: false, busyNanosecondsPerChunk: slowConsumerNanoseconds)
            }
            print(try peakResident())
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    /// Resets the kernel's high-water mark of this process to its current resident memory.
    static func resetPeakResident() throws {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    static func peakResident() throws -> Double {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw FigureSkipped(reason: "no VmHWM in /proc/self/status") }
        return kilobytes / 1024
    }
}
