// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation

func openSocket() -> Int32 {
    socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)  // expect: glibc-shape
}

func modified(_ status: stat) -> Int {
    status.st_mtim.tv_sec  // expect: glibc-shape
}

func lock(_ descriptor: Int32) {
    var lock = flock()
    _ = fcntl(descriptor, F_OFD_SETLK, &lock)  // expect: glibc-shape
    _ = posix_fallocate(descriptor, 0, 4096)  // expect: glibc-shape
    malloc_trim(0)  // expect: glibc-shape
    _ = eventfd(0, 0)  // expect: glibc-shape
}

#if canImport(Glibc)
let streamType = Int32(SOCK_STREAM.rawValue)
#else
let streamType = SOCK_STREAM
#endif
