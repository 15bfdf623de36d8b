/// One machine word of the bitsliced AES state: one bit plane of four blocks.
///
/// A plain `UInt64`, not a SIMD vector: measured here, `SIMD2<UInt64>` ran no faster in release
/// builds (LLVM split it into scalar registers) and 70 times slower in debug builds, where the
/// integer operators are transparent and the SIMD ones are calls.
typealias BitsliceWord = UInt64

/// The AES state of several blocks in bitsliced form: word `n` holds bit `n` of every byte of
/// every block (the layout of Käsper and Schwabe, as BearSSL's `ct64` arranges it in 64-bit words).
///
/// Every operation on it is a fixed sequence of AND, XOR, OR, NOT and shifts by constant
/// amounts: nothing indexes memory or branches on the key or the data, which is what makes the
/// cipher run in constant time.
struct BitslicedState {
    var q0: BitsliceWord
    var q1: BitsliceWord
    var q2: BitsliceWord
    var q3: BitsliceWord
    var q4: BitsliceWord
    var q5: BitsliceWord
    var q6: BitsliceWord
    var q7: BitsliceWord

    /// The number of AES blocks a state holds.
    static let blockCount = 4

    init(
        _ q0: BitsliceWord, _ q1: BitsliceWord, _ q2: BitsliceWord, _ q3: BitsliceWord,
        _ q4: BitsliceWord, _ q5: BitsliceWord, _ q6: BitsliceWord, _ q7: BitsliceWord
    ) {
        (self.q0, self.q1, self.q2, self.q3) = (q0, q1, q2, q3)
        (self.q4, self.q5, self.q6, self.q7) = (q4, q5, q6, q7)
    }

    /// XORs the eight words of a bitsliced round key into the state.
    @inline(__always)
    mutating func addRoundKey(_ key: UnsafePointer<BitsliceWord>) {
        q0 ^= key[0]
        q1 ^= key[1]
        q2 ^= key[2]
        q3 ^= key[3]
        q4 ^= key[4]
        q5 ^= key[5]
        q6 ^= key[6]
        q7 ^= key[7]
    }
}
