#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under the thread sanitizer (`swift test --sanitize=thread`),
/// read from the presence of its runtime's entry point.
///
/// The portable AES, every byte of it instrumented there, decrypts about a hundred times more
/// slowly: the few suites that decrypt many MiB within their time limit (the kill and overrun
/// tests) don't run under it; the decryptor's concurrency is still checked by the smaller
/// ``ArrivalDecryptorTests``.
enum ThreadSanitizer {
    static let isActive: Bool = {
        #if canImport(Glibc)
        return dlsym(nil, "__tsan_init") != nil
        #elseif canImport(Darwin)
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
        #else
        return false
        #endif
    }()
}
