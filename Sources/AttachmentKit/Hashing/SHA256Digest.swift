/// A SHA-256 digest: 32 bytes, kept as four big-endian words so that it hashes and compares
/// quickly as a dictionary key.
struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    let word0: UInt64
    let word1: UInt64
    let word2: UInt64
    let word3: UInt64

    init(_ word0: UInt64, _ word1: UInt64, _ word2: UInt64, _ word3: UInt64) {
        (self.word0, self.word1, self.word2, self.word3) = (word0, word1, word2, word3)
    }

    /// Reads a digest from the 32 bytes at `offset` of `buffer`; `nil` when fewer remain.
    init?(bytes buffer: UnsafeRawBufferPointer, at offset: Int) {
        guard offset >= 0, offset + 32 <= buffer.count else { return nil }
        func word(_ index: Int) -> UInt64 {
            UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self))
        }
        self.init(word(0), word(1), word(2), word(3))
    }

    /// Parses 64 hexadecimal digits (either case); `nil` for anything else.
    init?(hex: some StringProtocol) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64 else { return nil }
        var words: [UInt64] = []
        for wordIndex in 0..<4 {
            var word: UInt64 = 0
            for character in utf8[wordIndex * 16..<wordIndex * 16 + 16] {
                guard let digit = Self.hexDigitValue(character) else { return nil }
                word = word << 4 | UInt64(digit)
            }
            words.append(word)
        }
        self.init(words[0], words[1], words[2], words[3])
    }

    private static func hexDigitValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The 32 bytes, most significant first.
    var bytes: [UInt8] {
        withUnsafeBytes(of: (word0.bigEndian, word1.bigEndian, word2.bigEndian, word3.bigEndian)) { Array($0) }
    }

    /// The 64 lowercase hexadecimal digits.
    var hex: String {
        withUnsafeBytes(of: (word0.bigEndian, word1.bigEndian, word2.bigEndian, word3.bigEndian)) { digest in
            String(unsafeUninitializedCapacity: 64) { text in
                for (index, byte) in digest.enumerated() {
                    text[index * 2] = Self.hexDigits[Int(byte >> 4)]
                    text[index * 2 + 1] = Self.hexDigits[Int(byte & 0x0f)]
                }
                return 64
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    var description: String { hex }
}
