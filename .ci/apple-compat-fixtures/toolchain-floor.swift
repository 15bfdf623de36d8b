// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
// tools-version: 6.0
import Testing

final class Observer {}

func release() {
    let observer = Observer()
    weak let held = observer  // expect: toolchain-floor
    weak var assigned: Observer?
    assigned = observer
    _ = (held, assigned)
}

#if os(macOS) || os(Linux)
@Test func exitsBefore62() async {
    await #expect(processExitsWith: .failure) { fatalError() }  // expect: toolchain-floor
}

func keptResult(_ results: [ExitTest.Result]) -> ExitTest.Result? {  // expect: toolchain-floor
    results.first
}
#endif

#if compiler(>=6.2) && (os(macOS) || os(Linux))
@Test func exitsFrom62() async {
    await #expect(processExitsWith: .failure) { fatalError() }
}

func resultFrom62(_ results: [ExitTest.Result]) -> ExitTest.Result? { results.first }
#endif

@Test func `a raw identifier`() {}  // expect: toolchain-floor

func start() {
    Task(name: "upload") {}  // expect: toolchain-floor
    Task.detached(name: "sweep") {}  // expect: toolchain-floor
    Task {}
}
