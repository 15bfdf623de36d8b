#if canImport(CommonCrypto)
import CommonCrypto

/// AES-256-CTR through CommonCrypto (`CCCryptorCreateWithMode` with `kCCModeCTR`), which uses
/// the CPU's AES instructions. Apple platforms only (compiled by `.ci/apple-build`).
final class CommonCryptoCounterMode {
    /// Owned by this object and used by one caller at a time (the cipher is not shared).
    private let cryptor: CCCryptorRef

    /// A cryptor for `key` from `initialCounter`, or `nil` when CommonCrypto refuses them.
    init?(key: [UInt8], initialCounter: [UInt8]) {
        var made: CCCryptorRef?
        // The options are 0: kCCModeOptionCTR_BE is deprecated, big-endian being the only mode.
        let status = key.withUnsafeBytes { key in
            initialCounter.withUnsafeBytes { counter in
                CCCryptorCreateWithMode(
                    CCOperation(kCCEncrypt), CCMode(kCCModeCTR), CCAlgorithm(kCCAlgorithmAES),
                    CCPadding(ccNoPadding), counter.baseAddress, key.baseAddress, key.count, nil, 0, 0,
                    CCModeOptions(0), &made)
            }
        }
        guard status == CCCryptorStatus(kCCSuccess), let made else { return nil }
        cryptor = made
    }

    deinit {
        CCCryptorRelease(cryptor)
    }

    /// XORs the next `buffer.count` bytes of keystream into `buffer`, in place.
    func apply(to buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        var moved = 0
        _ = CCCryptorUpdate(cryptor, base, buffer.count, base, buffer.count, &moved)
    }
}
#endif
