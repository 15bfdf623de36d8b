/// How the 128-bit AES-CTR counter block advances from one 16-byte block to the next.
///
/// Matrix's versions differ here, and libraries that wrap at another width decrypt a hostile
/// IV differently: ``EncryptedFile`` pins one semantics to each version.
enum CounterSemantics: Sendable, Hashable {
    /// The low 64 bits are a big-endian counter that wraps on its own; the high 64 bits (the
    /// nonce) never change. Matrix v1 (WebCrypto's `length: 64`) and v2.
    ///
    /// For v2 the counter starts at zero, which ``EncryptedFile`` checks, so it wraps only after
    /// 2⁶⁴ blocks (2⁶⁸ bytes): beyond any file's size (`Int64.max` bytes is 2⁵⁹ blocks), so in
    /// v2 the wrap is unreachable and every library's counter agrees.
    case wrapsAt64Bits
    /// The whole block is one 128-bit big-endian counter: a wrap of the low half carries into
    /// the high half (Matrix v0, OpenSSL, Python's `cryptography`).
    case carriesInto128Bits
}
