// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.

// posix_spawn is unavailable on tvOS and watchOS.
#if os(macOS) || os(Linux)
final class Spawner {}

struct SpawnerUser {
    let spawner: Spawner
}
#endif

struct Server {
    private let child: Spawner  // expect: ungated-use
}

#if compiler(>=6.2) && (os(macOS) || os(Linux))
func gated() -> Spawner { Spawner() }
#endif

#if os(macOS)
let onlyMac = Spawner()
#elseif os(iOS)
let onIOS = Spawner()  // expect: ungated-use
#endif
