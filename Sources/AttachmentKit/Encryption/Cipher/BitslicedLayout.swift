extension BitslicedState {
    /// Transposes between "eight words of block bytes" and "eight bit planes": the same swap
    /// network converts in both directions (it is its own inverse).
    @inline(__always)
    mutating func orthogonalize() {
        Self.swap(&q0, &q1, low: 0x5555_5555_5555_5555, shift: 1)
        Self.swap(&q2, &q3, low: 0x5555_5555_5555_5555, shift: 1)
        Self.swap(&q4, &q5, low: 0x5555_5555_5555_5555, shift: 1)
        Self.swap(&q6, &q7, low: 0x5555_5555_5555_5555, shift: 1)
        Self.swap(&q0, &q2, low: 0x3333_3333_3333_3333, shift: 2)
        Self.swap(&q1, &q3, low: 0x3333_3333_3333_3333, shift: 2)
        Self.swap(&q4, &q6, low: 0x3333_3333_3333_3333, shift: 2)
        Self.swap(&q5, &q7, low: 0x3333_3333_3333_3333, shift: 2)
        Self.swap(&q0, &q4, low: 0x0F0F_0F0F_0F0F_0F0F, shift: 4)
        Self.swap(&q1, &q5, low: 0x0F0F_0F0F_0F0F_0F0F, shift: 4)
        Self.swap(&q2, &q6, low: 0x0F0F_0F0F_0F0F_0F0F, shift: 4)
        Self.swap(&q3, &q7, low: 0x0F0F_0F0F_0F0F_0F0F, shift: 4)
    }

    @inline(__always)
    private static func swap(_ x: inout BitsliceWord, _ y: inout BitsliceWord, low: UInt64, shift: UInt64) {
        let high = ~low
        let (a, b) = (x, y)
        x = (a & low) | ((b & low) &<< shift)
        y = ((a & high) &>> shift) | (b & high)
    }

    /// Spreads the four little-endian 32-bit words of a block into two words, 16 bits per column
    /// half, ready for ``orthogonalize()``.
    @inline(__always)
    static func interleave(
        _ w0: BitsliceWord, _ w1: BitsliceWord, _ w2: BitsliceWord, _ w3: BitsliceWord
    ) -> (BitsliceWord, BitsliceWord) {
        let x0 = spread(w0)
        let x1 = spread(w1)
        let x2 = spread(w2)
        let x3 = spread(w3)
        return (x0 | (x2 &<< 8), x1 | (x3 &<< 8))
    }

    /// The inverse of ``interleave(_:_:_:_:)``: the four 32-bit words, each in the low half of its word.
    @inline(__always)
    static func deinterleave(
        _ a: BitsliceWord, _ b: BitsliceWord
    ) -> (BitsliceWord, BitsliceWord, BitsliceWord, BitsliceWord) {
        (
            gather(a & 0x00FF_00FF_00FF_00FF), gather(b & 0x00FF_00FF_00FF_00FF),
            gather((a &>> 8) & 0x00FF_00FF_00FF_00FF), gather((b &>> 8) & 0x00FF_00FF_00FF_00FF)
        )
    }

    /// Moves the bytes of a 32-bit value to every other byte of 64 bits.
    @inline(__always)
    private static func spread(_ w: BitsliceWord) -> BitsliceWord {
        var x = (w | (w &<< 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x &<< 8)) & 0x00FF_00FF_00FF_00FF
        return x
    }

    /// The inverse of ``spread(_:)``.
    @inline(__always)
    private static func gather(_ x: BitsliceWord) -> BitsliceWord {
        let y = (x | (x &>> 8)) & 0x0000_FFFF_0000_FFFF
        return (y | (y &>> 16)) & 0x0000_0000_FFFF_FFFF
    }
}
