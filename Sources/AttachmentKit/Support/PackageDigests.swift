import Foundation

/// The package's own digests over a buffer, for the benchmarks (which import only what is
/// `package` or `public`): the same code the uploads' checksums, the partial downloads' resume
/// check and the encrypted attachments' hashes run. Outside `Hashing/`, which the 32-bit
/// Embedded Swift check compiles without a package name.
package enum PackageDigests {
    /// The 32-byte SHA-256 digest of `buffer`.
    package static func sha256(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(buffer)
        return hasher.finalize().bytes
    }

    /// The 20-byte SHA-1 digest of `buffer`.
    package static func sha1(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(buffer)
        return hasher.finalize()
    }
}
