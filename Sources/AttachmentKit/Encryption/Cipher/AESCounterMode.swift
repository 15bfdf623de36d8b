/// AES-256 in counter mode, the cipher of encrypted attachments: XORing the keystream into
/// bytes encrypts them, and XORing it again decrypts.
///
/// On Apple platforms a stream that can't reach its counter's wrap (every v2 stream) runs on
/// CommonCrypto, which uses the hardware; everywhere else, and for the legacy counter
/// semantics, on ``PortableAESCounterMode``, AttachmentKit's constant-time AES in Swift.
struct AESCounterMode {
    private var portable: PortableAESCounterMode?
    #if canImport(CommonCrypto)
    private var system: CommonCryptoCounterMode?
    #endif

    /// A cipher from `key` (32 bytes) and `initialCounter` (16 bytes), advancing by `semantics`.
    init(key: [UInt8], initialCounter: [UInt8], semantics: CounterSemantics) {
        precondition(key.count == 32 && initialCounter.count == 16, "AES-256-CTR takes a 32-byte key, a 16-byte IV")
        #if canImport(CommonCrypto)
        // CommonCrypto's counter wraps at 64 bits (matrix-ios-sdk says so); starting at zero it
        // never gets there, so both semantics give the same stream.
        let startsAtZero = initialCounter[8...].allSatisfy { $0 == 0 }
        if startsAtZero, let system = CommonCryptoCounterMode(key: key, initialCounter: initialCounter) {
            self.system = system
            return
        }
        #endif
        portable = key.withUnsafeBytes { key in
            initialCounter.withUnsafeBytes { counter in
                PortableAESCounterMode(
                    key: key, initialCounter: counter, carriesIntoNonce: semantics == .carriesInto128Bits)
            }
        }
    }

    /// XORs the next `buffer.count` bytes of keystream into `buffer`.
    mutating func apply(to buffer: UnsafeMutableRawBufferPointer) {
        #if canImport(CommonCrypto)
        if let system {
            system.apply(to: buffer)
            return
        }
        #endif
        portable?.apply(to: buffer)
    }
}
