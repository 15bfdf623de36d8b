// Planted for `.ci/apple-compat --self-check`: the newer APIs of `newer-apis.swift` under
// `@available` or `#available`, and code that never builds on Apple platforms; nothing here may
// be reported. Not built.
import Foundation
import Testing

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
let clock = ContinuousClock()

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func wait(_ delay: Duration) async throws {
    try await Task.sleep(for: delay)
    let parts = "1...2".split(separator: "...")
    _ = parts
}

@Suite(.timeLimit(.minutes(1)))
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct SlowTests {
    @Test func waits() async throws { try await Task.sleep(for: .milliseconds(1)) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration {
    var seconds: Double { Double(components.seconds) }
}

func pause() async throws {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        try await Task.sleep(for: .seconds(1))
    } else {
        try await Task.sleep(nanoseconds: 1_000_000_000)
    }
}

func later() async throws {
    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
    let file = URL(filePath: "/tmp/x")
    _ = file
}

#if os(Linux)
    let linuxOnly = ContinuousClock()
#endif

/// A type of the project's own with a method named like a newer one.
struct TestClock {
    func sleep(for seconds: Double) async throws {}
}
func useOwnClock() async throws { try await TestClock().sleep(for: 1) }

/// Names that newer APIs also use, in shapes that are not calls of them.
func drain(_ messages: AsyncStream<Int>) async {
    for await message in messages {
        _ = message
    }
}
extension Task where Failure == Never {}
