// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation
import Observation
import Synchronization
import Testing

let clock = ContinuousClock()  // expect: newer-api
let suspending = SuspendingClock.now  // expect: newer-api
func wait(_ delay: Duration) async throws {}  // expect: newer-api
func pause() async throws {
    try await Task.sleep(for: .seconds(1))  // expect: newer-api
    try await Task.sleep(nanoseconds: 1_000)
}
let parts = "1...2".split(separator: "...")  // expect: newer-api
let words = "a b".split(separator: " ")
let pattern = /[a-z]+/  // expect: newer-api
let extended = #/[0-9]+/#  // expect: newer-api
let file = URL(filePath: "/tmp/x")  // expect: newer-api
let child = URL(fileURLWithPath: "/tmp").appending(path: "x")  // expect: newer-api
let lock = Mutex(0)  // expect: newer-api
let counter = Atomic<Int>(0)  // expect: newer-api

@Observable  // expect: newer-api
final class Model {}

@Suite(.timeLimit(.minutes(1)))  // expect: newer-api
struct SlowTests {}

@available(macOS 13, *)
func onlyMacOSIsRaised() -> ContinuousClock.Instant { .now }  // expect: newer-api

func discarding() async {
    await withDiscardingTaskGroup { _ in }  // expect: newer-api
}

// Mentions in comments and strings are not uses: ContinuousClock, Task.sleep(for: .seconds(1)).
let text = "ContinuousClock and Duration"
let ratio = 10 / 2 / 5
