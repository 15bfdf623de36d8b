import Foundation

/// A tool the figures run for its output (curl, Python, openssl).
enum BenchProcess {
    /// Runs `executable` with `arguments`, its environment the benchmark's with `environment`
    /// added, and returns its standard output once it exited; skips the figure with `failure`
    /// and the exit status when it exits with another status than 0.
    static func output(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], failure: String
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FigureSkipped(reason: "\(failure) (exit status \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
