extension BitslicedState {
    /// Encrypts every block of the state with AES: `roundKeys` holds `rounds + 1` bitsliced round
    /// keys of eight words each (see ``AES256KeySchedule``).
    @inline(__always)
    mutating func encrypt(rounds: Int, roundKeys: UnsafePointer<BitsliceWord>) {
        addRoundKey(roundKeys)
        var round = 1
        while round < rounds {
            substituteBytes()
            shiftRows()
            mixColumns()
            addRoundKey(roundKeys + round &* 8)
            round &+= 1
        }
        substituteBytes()
        shiftRows()
        addRoundKey(roundKeys + rounds &* 8)
    }

    /// ShiftRows: in this layout each row is 16 bits of a word, so rotating a row is a masked
    /// shift by a constant.
    @inline(__always)
    mutating func shiftRows() {
        q0 = Self.shiftRows(q0)
        q1 = Self.shiftRows(q1)
        q2 = Self.shiftRows(q2)
        q3 = Self.shiftRows(q3)
        q4 = Self.shiftRows(q4)
        q5 = Self.shiftRows(q5)
        q6 = Self.shiftRows(q6)
        q7 = Self.shiftRows(q7)
    }

    @inline(__always)
    private static func shiftRows(_ x: BitsliceWord) -> BitsliceWord {
        (x & 0x0000_0000_0000_FFFF)
            | ((x & 0x0000_0000_FFF0_0000) &>> 4) | ((x & 0x0000_0000_000F_0000) &<< 12)
            | ((x & 0x0000_FF00_0000_0000) &>> 8) | ((x & 0x0000_00FF_0000_0000) &<< 8)
            | ((x & 0xF000_0000_0000_0000) &>> 12) | ((x & 0x0FFF_0000_0000_0000) &<< 4)
    }

    /// MixColumns: multiplication by x in GF(2⁸) is a move between bit planes with XORs into
    /// planes 1, 3 and 4; the column's other bytes are rotations of the word by 16 and 32 bits.
    @inline(__always)
    mutating func mixColumns() {
        let r0 = Self.rotate16(q0)
        let r1 = Self.rotate16(q1)
        let r2 = Self.rotate16(q2)
        let r3 = Self.rotate16(q3)
        let r4 = Self.rotate16(q4)
        let r5 = Self.rotate16(q5)
        let r6 = Self.rotate16(q6)
        let r7 = Self.rotate16(q7)
        let (p0, p1, p2, p3, p4, p5, p6, p7) = (q0, q1, q2, q3, q4, q5, q6, q7)
        q0 = p7 ^ r7 ^ r0 ^ Self.rotate32(p0 ^ r0)
        q1 = p0 ^ r0 ^ p7 ^ r7 ^ r1 ^ Self.rotate32(p1 ^ r1)
        q2 = p1 ^ r1 ^ r2 ^ Self.rotate32(p2 ^ r2)
        q3 = p2 ^ r2 ^ p7 ^ r7 ^ r3 ^ Self.rotate32(p3 ^ r3)
        q4 = p3 ^ r3 ^ p7 ^ r7 ^ r4 ^ Self.rotate32(p4 ^ r4)
        q5 = p4 ^ r4 ^ r5 ^ Self.rotate32(p5 ^ r5)
        q6 = p5 ^ r5 ^ r6 ^ Self.rotate32(p6 ^ r6)
        q7 = p6 ^ r6 ^ r7 ^ Self.rotate32(p7 ^ r7)
    }

    @inline(__always)
    private static func rotate16(_ x: BitsliceWord) -> BitsliceWord { (x &>> 16) | (x &<< 48) }

    @inline(__always)
    private static func rotate32(_ x: BitsliceWord) -> BitsliceWord { (x &>> 32) | (x &<< 32) }
}
