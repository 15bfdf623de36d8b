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
#endif

#if compiler(>=6.2) && (os(macOS) || os(Linux))
@Test func exitsFrom62() async {
    await #expect(processExitsWith: .failure) { fatalError() }
}
#endif

@Test func `a raw identifier`() {}  // expect: toolchain-floor
