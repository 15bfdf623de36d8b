// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
import Foundation
import Glibc  // expect: linux-import
@preconcurrency import FoundationNetworking  // expect: linux-import
import Musl  // expect: linux-import

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

#if os(macOS)
    import Glibc  // expect: linux-import
#endif
