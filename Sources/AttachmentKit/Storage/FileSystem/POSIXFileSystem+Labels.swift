#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry labels (``EntryLabel``) as extended attributes.
///
/// Darwin's calls take two more arguments than Linux's (`<sys/xattr.h>`, Apple's man pages
/// getxattr(2) and setxattr(2)): `fsetxattr(fd, name, const void *value, size, u_int32_t
/// position, int options)` and `getxattr(path, name, void *value, size, u_int32_t position, int
/// options)`; `position` is 0 for every attribute but the resource fork, and `XATTR_NOFOLLOW`
/// makes `getxattr` act as Linux's `lgetxattr`. `.ci/apple-build` compiles the Darwin calls;
/// `.ci/apple-compat` checks their argument counts where no SDK is at hand.
extension POSIXFileSystem {
    /// The most bytes a label is read with; a larger attribute is not a label.
    private static let maximumLabelByteCount = 2048

    package func setLabel(_ label: [UInt8], on descriptor: Int32) -> Bool {
        label.withUnsafeBytes { buffer in
            #if canImport(Darwin)
            fsetxattr(descriptor, EntryLabel.attributeName, buffer.baseAddress, buffer.count, 0, 0) == 0
            #else
            LinuxAttributes.set?(descriptor, EntryLabel.attributeName, buffer.baseAddress, buffer.count, 0) == 0
            #endif
        }
    }

    package func label(atPath path: String) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Self.maximumLabelByteCount)
        let count = bytes.withUnsafeMutableBytes { buffer in
            #if canImport(Darwin)
            getxattr(path, EntryLabel.attributeName, buffer.baseAddress, buffer.count, 0, XATTR_NOFOLLOW)
            #else
            LinuxAttributes.get?(path, EntryLabel.attributeName, buffer.baseAddress, buffer.count) ?? -1
            #endif
        }
        guard count >= 0 else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

#if !canImport(Darwin)
/// The C library's `fsetxattr` and `lgetxattr`, looked up once: Swift's Glibc module doesn't
/// include `<sys/xattr.h>`. `nil` where the library lacks them (labels are then not written).
private enum LinuxAttributes {
    typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int

    static let set: Set? = dlsym(nil, "fsetxattr").map { unsafeBitCast($0, to: Set.self) }
    static let get: Get? = dlsym(nil, "lgetxattr").map { unsafeBitCast($0, to: Get.self) }
}
#endif
