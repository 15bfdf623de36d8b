// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation

var actions = posix_spawn_file_actions_t()  // expect: posix-spawn-init
var attributes = posix_spawnattr_t()  // expect: posix-spawn-init

#if os(Linux)
    var linuxActions = posix_spawn_file_actions_t()
#endif

var declaredOnly: posix_spawn_file_actions_t
