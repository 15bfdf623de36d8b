#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite("SHA-1 and SHA-256 against Python's hashlib", SuiteTimeLimit.minutes(5), .inTurn)
struct HashlibOracleTests {
    @Test(
        "random messages around every block boundary hash as Python's hashlib does",
        arguments: ["sha1", "sha256"])
    func againstHashlib(algorithm: String) async throws {
        let messages = SHA1Tests.lengths.enumerated().map { SHA1Tests.randomBytes($1, seed: UInt64($0) + 100) }
        // One run: the messages concatenated on standard input, their lengths as arguments.
        let script = """
            import hashlib, sys
            data = sys.stdin.buffer.read()
            at = 0
            for n in map(int, sys.argv[2:]):
                print(hashlib.new(sys.argv[1], data[at:at + n]).hexdigest())
                at += n
            """
        let outcome = try await ExternalTool.run(
            "python3", ["-c", script, algorithm] + SHA1Tests.lengths.map(String.init), input: Data(messages.joined()))
        #expect(outcome.status == 0, "\(outcome.errorText)")
        let expected = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(expected.count == messages.count)
        for (message, digest) in zip(messages, expected) {
            let ours = algorithm == "sha1" ? SHA1.hash(message) : SHA256.hash(message).bytes
            #expect(SHA1Tests.hex(ours) == digest, "length \(message.count)")
        }
    }
}
#endif
