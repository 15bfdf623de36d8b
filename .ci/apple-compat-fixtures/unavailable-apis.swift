// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
// tools-version: 6.2
import Foundation
import Testing

func run(_ url: URL) throws {
    let process = Process()  // expect: unavailable-api
    process.executableURL = url
    var child: pid_t = 0
    _ = posix_spawn(&child, url.path, nil, nil, nil, nil)  // expect: unavailable-api
    if fork() == 0 { exit(0) }  // expect: unavailable-api
}

@Test func exits() async {
    await #expect(processExitsWith: .failure) { fatalError() }  // expect: unavailable-api
}

func firstResult(_ results: [ExitTest.Result]) -> Bool { !results.isEmpty }  // expect: unavailable-api

#if os(macOS) || os(Linux)
func runOnHosts(_ url: URL) throws {
    let process = Process()
    process.executableURL = url
}
#endif

#if os(macOS) || os(iOS) || os(Linux)
func spawnWhereItExists(_ path: String) {
    var child: pid_t = 0
    _ = posix_spawn(&child, path, nil, nil, nil, nil)
}
#endif
