import Foundation

/// Peak resident memory of a download, each measured in a fresh child process (this
/// executable run again with ``childArgument``), so that every size starts from the same
/// process: no heap left over from earlier figures or from the other size.
enum RemotePeakMemory {
    /// The argument that makes the benchmark download one URL and print its peak memory.
    static let childArgument = "--remote-peak-rss-child"

    /// Peak resident memory while downloading 1 GiB, and while downloading 256 MiB, in MiB.
    static func peakResidentMiB() async throws -> (large: Double, small: Double) {
        let server = try BenchNginx()
        defer { server.stop() }
        try server.serve(megabytes: 1024, as: "1g.bin")
        try server.serve(megabytes: 256, as: "256m.bin")
        var peaks: [Double] = []
        for name in ["256m.bin", "1g.bin"] {
            peaks.append(try childPeak(server.url(name)))
            print("remote-peak-rss\t\(name)\tpeak \(peaks.last ?? 0) MiB (fresh process)")
        }
        return (peaks[1], peaks[0])
    }

    /// Runs this executable with ``childArgument`` and `url`; its peak, in MiB.
    private static func childPeak(_ url: URL) throws -> Double {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [childArgument, url.absoluteString]
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

    /// In the child: downloads `url` and prints the process's peak resident memory in MiB
    /// (the kernel's high-water mark, `VmHWM`).
    static func runChild(_ url: String) async -> Int32 {
        guard let url = URL(string: url) else { return 2 }
        do {
            _ = try await RemoteBench.download([url])
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
