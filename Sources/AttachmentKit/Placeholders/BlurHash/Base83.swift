/// BlurHash's base-83 digits (woltapp/blurhash, `Algorithm.md`).
enum Base83 {
    static let alphabet = Array(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// The value of each ASCII byte, or -1 for a byte outside the alphabet.
    static let values: [Int] = {
        var table = [Int](repeating: -1, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = value }
        return table
    }()

    /// `value` as `length` digits, most significant first; `value` must fit.
    static func encode(_ value: Int, length: Int, into text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            text.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
    }
}
