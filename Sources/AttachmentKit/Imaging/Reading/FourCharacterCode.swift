/// Four-character codes (PNG chunk types, RIFF chunk ids, ISO-BMFF box types) as text.
enum FourCharacterCode {
    /// The code as four characters, with `?` for any byte that is not printable ASCII.
    static func text(_ code: Int) -> String {
        var text = ""
        for shift in [24, 16, 8, 0] {
            let byte = UInt8(truncatingIfNeeded: code >> shift)
            text.append((32...126).contains(byte) ? Character(UnicodeScalar(byte)) : "?")
        }
        return text
    }

    /// The code as four characters, read as the fixed-width value it is (a code whose first byte
    /// is 0x80 or more, QuickTime's `©xyz`, doesn't fit a 32-bit `Int`).
    static func text(_ code: UInt32) -> String { text(Int(truncatingIfNeeded: code)) }
}
