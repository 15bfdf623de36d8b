/// Hexadecimal test vectors as bytes, and bytes as hexadecimal, for the encryption suites.
enum HexBytes {
    /// The bytes of `hex` (pairs of digits; spaces ignored); traps on anything else, since vectors
    /// are written in the tests.
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
        precondition(digits.count % 2 == 0, "odd number of hex digits")
        return stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// `bytes` as lowercase hexadecimal.
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
    }
}
