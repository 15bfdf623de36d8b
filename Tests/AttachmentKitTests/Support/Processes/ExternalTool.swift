#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation

/// Runs an outside program to completion (an oracle: djpeg, cjpeg, python3), its input and
/// outputs through files in a temporary directory, so no pipe can fill up and block it; the
/// wait happens on a thread of its own (``offThePool(_:)``), never on the concurrency pool's.
struct ExternalTool {
    /// What a run printed and how it ended.
    struct Outcome {
        let status: Int32
        let output: Data
        let errorOutput: Data
        /// Standard error as text.
        var errorText: String { String(decoding: errorOutput, as: UTF8.self) }
    }

    /// Runs `name` (found on `PATH`) with `arguments`, `input` as its standard input.
    static func run(_ name: String, _ arguments: [String], input: Data = Data()) async throws -> Outcome {
        try await offThePool { try runHere(name, arguments, input: input) }
    }

    /// ``run(_:_:input:)`` on the calling thread, which it blocks until the program ends: only
    /// for fixtures built once, outside the tests' concurrency.
    static func runHere(_ name: String, _ arguments: [String], input: Data) throws -> Outcome {
        let directory = try StorageTemporaryDirectory("tool")
        let inputURL = directory.appending("in")
        let outputURL = directory.appending("out")
        let errorURL = directory.appending("err")
        try input.write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: try Data(contentsOf: outputURL),
            errorOutput: try Data(contentsOf: errorURL))
    }
}
#endif
