#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation

/// The outside implementations the encryption suites check AttachmentKit against: `openssl enc`
/// and Python's `cryptography` (both installed by `.ci/install-tools`).
enum ExternalCipher {
    enum Failure: Error { case exited(String, Int32, String) }

    /// Runs `executable` (looked up on the PATH) with `arguments`, returns its standard output,
    /// and throws when it exits non-zero; waits on a thread of its own (``offThePool(_:)``).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> Data
    {
        try await offThePool { try runHere(executable, arguments, environment: environment) }
    }

    private static func runHere(_ executable: String, _ arguments: [String], environment: [String: String]) throws
        -> Data
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.exited(executable, process.terminationStatus, String(decoding: message, as: UTF8.self))
        }
        return data
    }

    /// `openssl enc -aes-256-ctr` (a 128-bit counter) over the file at `input` into `output`.
    static func openssl(key: [UInt8], iv: [UInt8], input: URL, output: URL, decrypt: Bool) async throws {
        try await run(
            "openssl",
            [
                "enc", decrypt ? "-d" : "-e", "-aes-256-ctr", "-K", HexBytes.string(key), "-iv", HexBytes.string(iv),
                "-in", input.path, "-out", output.path,
            ])
    }

    /// Python `cryptography`'s AES-256-CTR (a 128-bit counter) over many cases in one process:
    /// `cases` holds key, IV, offset and length into `input`; the outputs, concatenated in the
    /// same order, go to `output`.
    static func python(cases: [(key: [UInt8], iv: [UInt8], offset: Int, count: Int)], input: URL, output: URL)
        async throws
    {
        let manifest = cases.map { "\(HexBytes.string($0.key)) \(HexBytes.string($0.iv)) \($0.offset) \($0.count)" }
            .joined(separator: "\n")
        let script = """
            import sys
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
            data = open(sys.argv[1], 'rb').read()
            out = open(sys.argv[2], 'wb')
            for line in sys.stdin.read().split('\\n'):
                if not line: continue
                key, iv, offset, count = line.split()
                offset, count = int(offset), int(count)
                cipher = Cipher(algorithms.AES(bytes.fromhex(key)), modes.CTR(bytes.fromhex(iv))).encryptor()
                out.write(cipher.update(data[offset:offset + count]) + cipher.finalize())
            out.close()
            """
        let manifestFile = input.deletingLastPathComponent().appendingPathComponent("manifest-\(UUID().uuidString)")
        try Data(manifest.utf8).write(to: manifestFile)
        defer { try? FileManager.default.removeItem(at: manifestFile) }
        try await run(
            "sh",
            ["-c", "python3 -c \"$0\" \"$1\" \"$2\" < \"$3\"", script, input.path, output.path, manifestFile.path])
    }
}
#endif
