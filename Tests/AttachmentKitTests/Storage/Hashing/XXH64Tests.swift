import Foundation
import Testing

@testable import AttachmentKit

@Suite("XXH64", .inTurn)
struct XXH64Tests {
    // Reference values from the xxHash library (libxxhash 0.8, XXH64 with seed 0).
    @Test(
        "messages of every tail length class hash to the reference library's values",
        arguments: [
            ("", 0xEF46_DB37_51D8_E999),
            ("a", 0xD24E_C4F1_A98C_6E5B),
            ("abc", 0x44BC_2CF5_AD77_0999),
            ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
            ("The quick brown fox jumps over the lazy dog", 0x0B24_2D36_1FDA_71BC),
            (String(repeating: "0123456789", count: 7), 0x4916_A0F3_F0E1_C781),
        ] as [(String, UInt64)])
    func vectors(message: String, checksum: UInt64) {
        #expect(XXH64.hash(Array(message.utf8)) == checksum)
    }

    @Test("a million bytes fed in uneven pieces hash to the reference library's value")
    func incremental() {
        let bytes = (0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 &* 7 ^ $0 >> 5) }
        #expect(XXH64.hash(bytes) == 0x12F6_A31A_C11B_D28A)
        var hasher = XXH64()
        var offset = 0
        var step = 1
        while offset < bytes.count {
            let count = min(step, bytes.count - offset)
            hasher.update(Array(bytes[offset..<offset + count]))
            offset += count
            step = step % 97 + 13
        }
        #expect(hasher.finalize() == 0x12F6_A31A_C11B_D28A)
    }
}
