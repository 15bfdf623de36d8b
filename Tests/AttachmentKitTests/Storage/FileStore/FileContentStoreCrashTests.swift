import Foundation
import Testing

@testable import AttachmentKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Spawns child processes (see ChildProcess): macOS and Linux only.
#if os(macOS) || os(Linux)
/// The crash test: `StoreCrashWriter` (a child process) writes, replaces and removes entries in
/// a loop and is killed with SIGKILL at seeded random moments; after each kill the store is
/// reopened and every key must read back whole and checksum-verified, with the content of its
/// last completed change or of the change in flight, and no staging file may be left.
///
/// The number of kills is `ATTACHMENTKIT_CRASH_KILLS` (60 by default; CI runs the default).
@Suite("FileContentStore crash safety", .serialized, SuiteTimeLimit.minutes(5), .inTurn)
struct FileContentStoreCrashTests {
    /// What the child reported: the state of each key after its completed changes, and the
    /// change it had begun when it was killed. A version of `nil` is a removal.
    private struct Expectation {
        var completed: [Int: Int64?] = [:]
        var inFlight: (key: Int, version: Int64?)?
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "after a SIGKILL at any moment, every key has its old or its new content, whole and verified")
    func killedWriter() async throws {
        let writer = try #require(ChildProcess.storeCrashWriter(), "StoreCrashWriter was not built next to the tests")
        let kills = ProcessInfo.processInfo.environment["ATTACHMENTKIT_CRASH_KILLS"].flatMap(Int.init) ?? 60
        let directory = try StorageTemporaryDirectory("crash")
        let storeURL = directory.appending("store")
        var random = SeededRandom(seed: 2024)
        var expectation = Expectation()
        var stopRounds = 0
        var stoppedDuringChanges = 0
        for round in 0..<kills {
            // Half the kills land at a chosen call that changes the disk, inside a change (the
            // child stops there and says so: no timing involved); a quarter land after a random
            // delay, which can also cut a write in two; a quarter may land while the child is
            // still opening (recovering) the store.
            var arguments = [storeURL.path, "\(random.next() >> 1)", "\(round * 1_000_000)"]
            let stops = round % 4 < 2
            if stops {
                arguments += ["\(Int.random(in: 1...12, using: &random))", "\(Int.random(in: 1...8, using: &random))"]
            }
            let waitForReady = round % 4 != 3
            let delay = stops ? 0 : UInt32.random(in: 0..<25_000, using: &random)
            let waitFor = stops ? "stopped" : waitForReady ? "ready" : nil
            let lines = try await offThePool { [arguments] in
                try Self.runAndKill(writer, arguments: arguments, waitFor: waitFor, delayMicroseconds: delay)
            }
            if waitForReady { #expect(lines.first == "ready", "round \(round): the writer did not start") }
            expectation.inFlight = nil
            for line in lines {
                let fields = line.split(separator: " ")
                guard fields.count == 3, let key = Int(fields[1]), let version = Int64(fields[2]) else { continue }
                let state: Int64? = version < 0 ? nil : version
                if fields[0] == "begin" {
                    expectation.inFlight = (key, state)
                } else if fields[0] == "done" {
                    expectation.completed[key] = .some(state)
                    expectation.inFlight = nil
                }
            }
            if stops {
                stopRounds += 1
                if lines.last == "stopped", expectation.inFlight != nil { stoppedDuringChanges += 1 }
            }
            let found = try await Self.check(storeURL, directory: directory, against: expectation, round: round)
            // Whichever content the change in flight left is what the next round starts from.
            if let inFlight = expectation.inFlight { expectation.completed[inFlight.key] = .some(found[inFlight.key]) }
        }
        // Every stopped child was killed in the middle of a change, whatever the machine's load.
        #expect(stoppedDuringChanges == stopRounds, "\(stoppedDuringChanges) of \(stopRounds) stops hit a change")
    }

    /// Reopens the store, checks every key against what the child reported, and returns the
    /// version found for each key (`nil` for a miss).
    private static func check(
        _ storeURL: URL, directory: StorageTemporaryDirectory, against expectation: Expectation, round: Int
    ) async throws -> [Int64?] {
        var found: [Int64?] = []
        let store = try FileContentStore(directory: storeURL, byteCapacity: 1 << 30)
        #expect(directory.names(in: "store/staging").isEmpty, "round \(round): staging files left")
        for key in 0..<8 {
            var allowed: [Int64?] = [expectation.completed[key] ?? nil]
            if let inFlight = expectation.inFlight, inFlight.key == key { allowed.append(inFlight.version) }
            let content = await store.content(for: ContentKey(partID: PartID("crash-\(key)")))
            let version: Int64?? = try content.map { Self.version(of: try $0.bytes(), key: key) }
            #expect(version != .some(nil), "round \(round), key \(key): the content is damaged")
            #expect(allowed.contains(version ?? nil), "round \(round), key \(key): read \(String(describing: version))")
            found.append(version ?? nil)
        }
        #expect(directory.names(in: "store/entries").count == store.usage().entryCount, "round \(round)")
        return found
    }

    /// The version of a crash-test content, or `nil` when it is not whole.
    private static func version(of bytes: Data, key: Int) -> Int64? {
        let bytes = [UInt8](bytes)
        guard bytes.count >= 28, bytes.prefix(4) == Array("AKCT".utf8)[...] else { return nil }
        func word(_ offset: Int) -> UInt64 { bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        let (storedKey, version, size) = (word(4), Int64(bitPattern: word(12)), Int(word(20)))
        guard storedKey == UInt64(key), bytes.count == 28 + size else { return nil }
        let mix = UInt64(bitPattern: version) ^ UInt64(key)
        for index in 0..<size where bytes[28 + index] != UInt8(truncatingIfNeeded: UInt64(index) &* 2_654_435_761 ^ mix)
        {
            return nil
        }
        return version
    }

    /// Runs the child, waits for the line `waitFor` (if any), kills it with SIGKILL after
    /// `delayMicroseconds`, and returns the lines it printed. It blocks its thread throughout:
    /// call it through ``offThePool(_:)``.
    private static func runAndKill(
        _ executable: URL, arguments: [String], waitFor: String?, delayMicroseconds: UInt32
    ) throws -> [String] {
        let child = try ChildProcess(executable, arguments: arguments)
        var received = Data()
        if let waitFor {
            let line = Data((waitFor + "\n").utf8)
            while received.range(of: line) == nil {
                let chunk = child.readAvailable()
                if chunk.isEmpty { break }  // the child ended: the checks below will say why
                received += chunk
            }
        }
        if delayMicroseconds > 0 { usleep(delayMicroseconds) }
        child.terminate()
        received += child.readToEnd()
        _ = child.wait()
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
#endif
