import Testing

@testable import AttachmentKit

@Suite("AES-256-CTR known answers", .inTurn)
struct AESKnownAnswerTests {
    /// Runs the portable cipher over `input` from `counter`, in one call.
    private func portable(key: String, counter: String, input: [UInt8], carries: Bool = true) -> [UInt8] {
        var output = input
        let keyBytes = HexBytes.bytes(key)
        let counterBytes = HexBytes.bytes(counter)
        keyBytes.withUnsafeBytes { key in
            counterBytes.withUnsafeBytes { counter in
                var cipher = PortableAESCounterMode(key: key, initialCounter: counter, carriesIntoNonce: carries)
                output.withUnsafeMutableBytes { cipher.apply(to: $0) }
            }
        }
        return output
    }

    @Test("FIPS-197 C.3: AES-256 encrypts 00112233…eeff under 000102…1f to 8ea2b7ca…4b496089")
    func fips197() {
        // The counter block is the plaintext and the data zeros: the first block is E(K, P).
        let block = portable(
            key: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            counter: "00112233445566778899aabbccddeeff", input: [UInt8](repeating: 0, count: 16))
        #expect(HexBytes.string(block) == "8ea2b7ca516745bfeafc49904b496089")
    }

    static let nistKey = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
    static let nistCounter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    static let nistPlaintext =
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
    static let nistCiphertext =
        "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
        + "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"

    @Test("NIST SP 800-38A F.5.5 CTR-AES256.Encrypt and F.5.6 Decrypt")
    func nistCounterMode() {
        let ciphertext = portable(
            key: Self.nistKey, counter: Self.nistCounter, input: HexBytes.bytes(Self.nistPlaintext))
        #expect(HexBytes.string(ciphertext) == Self.nistCiphertext)
        let plaintext = portable(key: Self.nistKey, counter: Self.nistCounter, input: ciphertext)
        #expect(HexBytes.string(plaintext) == Self.nistPlaintext)
    }
}
