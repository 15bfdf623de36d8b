#if canImport(Security)
import Security
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Bytes from the system's cryptographically secure random source: `SecRandomCopyBytes` on
/// Apple platforms, `getrandom(2)` on Linux.
enum SecureRandom {
    /// `count` random bytes.
    ///
    /// - Throws: ``EncryptedAttachment/Error/randomSourceFailed(_:)`` when the source fails;
    ///   never a weaker fallback.
    static func bytes(_ count: Int) throws(EncryptedAttachment.Error) -> [UInt8] {
        // An empty array may have no storage: SecRandomCopyBytes would be handed a nil pointer.
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        #if canImport(Security)
        let status = bytes.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, count, $0.baseAddress!) }
        guard status == errSecSuccess else { throw .randomSourceFailed(Int32(status)) }
        #else
        // Swift's Glibc module doesn't import <sys/random.h>: look the libc function up by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getrandom") else {
            throw .randomSourceFailed(ENOSYS)
        }
        typealias GetRandom = @convention(c) (UnsafeMutableRawPointer?, Int, UInt32) -> Int
        let getrandom = unsafeBitCast(symbol, to: GetRandom.self)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                getrandom(buffer.baseAddress! + filled, count - filled, 0)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .randomSourceFailed(errno)
            }
            filled += result
        }
        #endif
        return bytes
    }
}
