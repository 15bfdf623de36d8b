import Foundation

// Spawns child processes (see ChildProcess): macOS and Linux only.
#if os(macOS) || os(Linux)
extension ChildProcess {
    /// `StoreCrashWriter`, built by `swift test` into the same directory as the test bundle;
    /// `nil` when it can't be found.
    static func storeCrashWriter() -> URL? { builtExecutable("StoreCrashWriter") }

    /// The package's executable `name`, built by `swift test` into the same directory as the
    /// test bundle; `nil` when it can't be found.
    static func builtExecutable(_ name: String) -> URL? {
        var candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        candidates += Bundle.allBundles.map(\.bundleURL)
        for start in candidates {
            var directory = start
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Starts `StoreCrashWriter` on the store in `directory` and returns its exit status: 4
    /// when it found the directory in use. If it opened the store instead (it then prints
    /// "ready" and writes until killed), it is killed at once, so that this never waits on it.
    static func statusOfStoreCrashWriter(_ executable: URL, opening directory: URL) throws -> Int32 {
        let child = try ChildProcess(executable, arguments: [directory.path, "1", "0"])
        if !child.readAvailable().isEmpty { child.terminate() }
        return child.wait()
    }
}
#endif
