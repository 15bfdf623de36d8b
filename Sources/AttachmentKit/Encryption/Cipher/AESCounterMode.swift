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

    /// A cipher from `key` (32 bytes) and `initialCounter` (16 bytes), advancing by `semantics`,
    /// positioned at byte `offset` of the stream: counter mode seeks by computing the counter
    /// block of `offset / 16` and dropping the keystream before `offset` in that block.
    init(key: [UInt8], initialCounter: [UInt8], semantics: CounterSemantics, offset: Int64 = 0) {
        precondition(key.count == 32 && initialCounter.count == 16, "AES-256-CTR takes a 32-byte key, a 16-byte IV")
        precondition(offset >= 0, "a stream position is not negative")
        let block = Self.counterBlock(initialCounter, advancedBy: UInt64(offset / 16), semantics: semantics)
        #if canImport(CommonCrypto)
        // CommonCrypto's counter wraps at 64 bits (matrix-ios-sdk says so); a stream that
        // started at zero never gets there, so both semantics give the same stream.
        let startsAtZero = initialCounter[8...].allSatisfy { $0 == 0 }
        if startsAtZero, let system = CommonCryptoCounterMode(key: key, initialCounter: block) {
            self.system = system
            skip(Int(offset % 16))
            return
        }
        #endif
        portable = key.withUnsafeBytes { key in
            block.withUnsafeBytes { counter in
                PortableAESCounterMode(
                    key: key, initialCounter: counter, carriesIntoNonce: semantics == .carriesInto128Bits)
            }
        }
        skip(Int(offset % 16))
    }

    /// The counter block `blocks` blocks after `initial`: the low 64 bits advance and wrap, and
    /// with `.carriesInto128Bits` their wrap carries into the high 64.
    static func counterBlock(_ initial: [UInt8], advancedBy blocks: UInt64, semantics: CounterSemantics) -> [UInt8] {
        let high = initial[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = initial[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let (advanced, wrapped) = low.addingReportingOverflow(blocks)
        let nonce = semantics == .carriesInto128Bits && wrapped ? high &+ 1 : high
        return (0..<8).map { UInt8(truncatingIfNeeded: nonce >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: advanced >> (56 - 8 * $0)) }
    }

    /// Drops the next `count` bytes of keystream (fewer than a block).
    private mutating func skip(_ count: Int) {
        guard count > 0 else { return }
        var dropped = [UInt8](repeating: 0, count: count)
        dropped.withUnsafeMutableBytes { apply(to: $0) }
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
