// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func labels(descriptor: Int32, path: String, buffer: UnsafeMutableRawBufferPointer) {
    #if canImport(Darwin)
    _ = fsetxattr(descriptor, "name", buffer.baseAddress, buffer.count, 0, 0)
    _ = getxattr(path, "name", buffer.baseAddress, buffer.count, 0, XATTR_NOFOLLOW)
    _ = fsetxattr(descriptor, "name", buffer.baseAddress, buffer.count, 0)  // expect: darwin-signature
    _ = getxattr(path, "name", buffer.baseAddress, min(buffer.count, 10))  // expect: darwin-signature
    _ = lgetxattr(path, "name", buffer.baseAddress, buffer.count)  // expect: darwin-signature
    _ = removexattr(path, "name", 0)
    #else
    _ = fsetxattr(descriptor, "name", buffer.baseAddress, buffer.count, 0)
    _ = lgetxattr(path, "name", buffer.baseAddress, buffer.count)
    #endif
    // Built everywhere, so Darwin's signature applies too.
    _ = listxattr(path, nil, 0)  // expect: darwin-signature
    #if !canImport(Darwin)
    _ = lgetxattr(path, "name", buffer.baseAddress, buffer.count)
    #else
    _ = flistxattr(descriptor, nil, 0)  // expect: darwin-signature
    #endif
}

// A declaration of the same name, a member and a string are not calls of the C function.
func getxattr(_ name: String) {}
let text = "getxattr(a)"
struct Wrapper { func fsetxattr(_ value: Int) {}; func use() { self.fsetxattr(1) } }
