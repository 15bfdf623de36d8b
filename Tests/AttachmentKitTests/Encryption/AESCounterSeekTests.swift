import Foundation
import Testing

@testable import AttachmentKit

/// ``AESCounterMode`` positioned at a byte of its stream, as the decryption of a resumed
/// download is: the same keystream as the cipher that ran from the start.
@Suite("AES-CTR: positioned at any offset", .inTurn)
struct AESCounterSeekTests {
    /// The keystream of `length` bytes from `offset` of the stream of `key` and `counter`.
    static func keystream(
        _ key: [UInt8], _ counter: [UInt8], _ semantics: CounterSemantics, from offset: Int, length: Int
    ) -> [UInt8] {
        var cipher = AESCounterMode(key: key, initialCounter: counter, semantics: semantics, offset: Int64(offset))
        var bytes = [UInt8](repeating: 0, count: length - offset)
        bytes.withUnsafeMutableBytes { cipher.apply(to: $0) }
        return bytes
    }

    @Test(
        "a cipher positioned at any offset continues the stream exactly, across the counter's wrap",
        arguments: [CounterSemantics.wrapsAt64Bits, .carriesInto128Bits])
    func positioned(_ semantics: CounterSemantics) {
        let key = (0..<32).map { _ in UInt8.random(in: 0...255) }
        // The low 64 bits wrap after 16 blocks (byte 256): there the two semantics part.
        let counter = [UInt8](repeating: 0xA5, count: 8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]
        let length = 4_096
        let whole = Self.keystream(key, counter, semantics, from: 0, length: length)
        let offsets =
            [1, 15, 16, 17, 63, 64, 255, 256, 257, 1_000, 4_095] + (0..<20).map { _ in Int.random(in: 0..<length) }
        for offset in offsets {
            #expect(
                Self.keystream(key, counter, semantics, from: offset, length: length) == Array(whole[offset...]),
                "\(offset)")
        }
        let other: CounterSemantics = semantics == .wrapsAt64Bits ? .carriesInto128Bits : .wrapsAt64Bits
        let otherWhole = Self.keystream(key, counter, other, from: 0, length: length)
        #expect(otherWhole[..<256] == whole[..<256])
        #expect(otherWhole[256...] != whole[256...])
    }

    @Test("the counter block after n blocks: the low half wraps, and carries into the high half only when asked")
    func counterBlock() {
        let counter = [UInt8](repeating: 0, count: 7) + [9] + [UInt8](repeating: 0xFF, count: 8)
        #expect(
            AESCounterMode.counterBlock(counter, advancedBy: 2, semantics: .wrapsAt64Bits)
                == [UInt8](repeating: 0, count: 7) + [9] + [UInt8](repeating: 0, count: 7) + [1])
        #expect(
            AESCounterMode.counterBlock(counter, advancedBy: 2, semantics: .carriesInto128Bits)
                == [UInt8](repeating: 0, count: 7) + [10] + [UInt8](repeating: 0, count: 7) + [1])
        let zero = [UInt8](repeating: 0x11, count: 8) + [UInt8](repeating: 0, count: 8)
        #expect(
            AESCounterMode.counterBlock(zero, advancedBy: 0x0102, semantics: .wrapsAt64Bits)
                == [UInt8](repeating: 0x11, count: 8) + [0, 0, 0, 0, 0, 0, 1, 2])
    }
}
