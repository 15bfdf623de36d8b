import Foundation
import Testing

@testable import AttachmentKit

/// The gate that holds each suite until it is its turn (``SuiteGate``): at most its width of
/// bodies at once, every body run, in the order they came.
@Suite(SuiteTimeLimit.minutes(2), .inTurn)
struct AsyncGateTests {
    /// Where bodies stop until the test lets them go, one at a time.
    final class Turnstile: Sendable {
        private struct State {
            var stopped: [CheckedContinuation<Void, Never>] = []
            var arrivalWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
        }

        private let state = LockedState(State())

        /// Stops until ``releaseOne()`` lets this body go.
        func pass() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let arrived = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.stopped.append(continuation)
                    guard let waiter = state.arrivalWaiter, state.stopped.count >= waiter.count else { return nil }
                    state.arrivalWaiter = nil
                    return waiter.continuation
                }
                arrived?.resume()
            }
        }

        /// Returns once `count` bodies are stopped here.
        func waitForStopped(_ count: Int) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.stopped.count < count else { return true }
                    state.arrivalWaiter = (count, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }

        /// Lets the body that stopped first go on.
        func releaseOne() {
            let first = state.withLock { $0.stopped.isEmpty ? nil : $0.stopped.removeFirst() }
            first?.resume()
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("12 bodies through a gate of width 3: never more than 3 at once, all run")
    func boundsTheBodies() async {
        let gate = AsyncGate(width: 3)
        let turnstile = Turnstile()
        let counts = LockedState((now: 0, most: 0, done: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await gate.run {
                        counts.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        await turnstile.pass()
                        counts.withLock {
                            $0.now -= 1
                            $0.done += 1
                        }
                    }
                }
            }
            // Each time the gate is full (3 bodies in, stopped; the rest waiting or yet to come),
            // one body leaves and the next takes its place.
            for left in stride(from: 12, to: 0, by: -1) {
                await turnstile.waitForStopped(min(3, left))
                #expect(gate.running <= 3, "with \(left) bodies left")
                turnstile.releaseOne()
            }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.most == 3)
        #expect(seen.done == 12)
        #expect(gate.running == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a waiter goes in when the body ahead of it ends, also when that body throws")
    func handsOverOnThrow() async throws {
        let gate = AsyncGate(width: 1)
        let turnstile = Turnstile()
        let first = Task {
            try await gate.run {
                await turnstile.pass()
                throw CancellationError()
            }
        }
        await turnstile.waitForStopped(1)
        let second = Task { await gate.run { gate.running } }
        // The second waits while the first holds the gate.
        try await waitUntil("the second body to wait at the gate") { gate.waiting == 1 }
        #expect(gate.running == 1)
        turnstile.releaseOne()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await second.value == 1)
        #expect(gate.running == 0)
    }

    @Test(
        "every suite of the test target waits its turn at the gate (.inTurn)",
        .enabled(if: TimeLimitTests.sourcesAreReadable, "the test sources are not on this machine"))
    func everySuiteIsGated() throws {
        let folder = TimeLimitTests.testsFolder.appendingPathComponent("AttachmentKitTests")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var suites = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("@Suite") {
                suites += 1
                // The attribute, up to the declaration it is on.
                let declaration = lines[index...].firstIndex { $0.contains("struct ") || $0.contains("class ") }
                let attribute = lines[index...(declaration ?? index)].joined(separator: "\n")
                #expect(
                    attribute.contains(".inTurn"), "the suite at \(url.lastPathComponent):\(index + 1) has no .inTurn")
            }
        }
        #expect(suites > 150, "the scan found only \(suites) suites: it is not reading the sources")
    }
}
