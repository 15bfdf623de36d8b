import Foundation

extension SHA1 {
    /// Compresses the 64-byte block at `offset` of `bytes` into `h`.
    ///
    /// The 80 rounds are written out, the five working words renamed from round to round
    /// instead of moved, and the message schedule is a window of 16 words expanded as the rounds
    /// need them. A loop over the rounds that picks the function per round ran at 190 MB/s;
    /// this runs at 600 MB/s (a 64 MiB buffer, release build, x86-64).
    @inline(__always)
    static func compress(
        block bytes: UnsafeRawBufferPointer, at offset: Int,
        into h: inout (UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
        func word(_ index: Int) -> UInt32 {
            UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset &+ index &* 4, as: UInt32.self))
        }
        var w0 = word(0)
        var w1 = word(1)
        var w2 = word(2)
        var w3 = word(3)
        var w4 = word(4)
        var w5 = word(5)
        var w6 = word(6)
        var w7 = word(7)
        var w8 = word(8)
        var w9 = word(9)
        var w10 = word(10)
        var w11 = word(11)
        var w12 = word(12)
        var w13 = word(13)
        var w14 = word(14)
        var w15 = word(15)
        var (a, b, c, d, e) = h
        // Rounds 0–19.
        choose(a, &b, c, d, &e, w0 &+ 0x5a82_7999)
        choose(e, &a, b, c, &d, w1 &+ 0x5a82_7999)
        choose(d, &e, a, b, &c, w2 &+ 0x5a82_7999)
        choose(c, &d, e, a, &b, w3 &+ 0x5a82_7999)
        choose(b, &c, d, e, &a, w4 &+ 0x5a82_7999)
        choose(a, &b, c, d, &e, w5 &+ 0x5a82_7999)
        choose(e, &a, b, c, &d, w6 &+ 0x5a82_7999)
        choose(d, &e, a, b, &c, w7 &+ 0x5a82_7999)
        choose(c, &d, e, a, &b, w8 &+ 0x5a82_7999)
        choose(b, &c, d, e, &a, w9 &+ 0x5a82_7999)
        choose(a, &b, c, d, &e, w10 &+ 0x5a82_7999)
        choose(e, &a, b, c, &d, w11 &+ 0x5a82_7999)
        choose(d, &e, a, b, &c, w12 &+ 0x5a82_7999)
        choose(c, &d, e, a, &b, w13 &+ 0x5a82_7999)
        choose(b, &c, d, e, &a, w14 &+ 0x5a82_7999)
        choose(a, &b, c, d, &e, w15 &+ 0x5a82_7999)
        w0 = expand(w13, w8, w2, w0)
        choose(e, &a, b, c, &d, w0 &+ 0x5a82_7999)
        w1 = expand(w14, w9, w3, w1)
        choose(d, &e, a, b, &c, w1 &+ 0x5a82_7999)
        w2 = expand(w15, w10, w4, w2)
        choose(c, &d, e, a, &b, w2 &+ 0x5a82_7999)
        w3 = expand(w0, w11, w5, w3)
        choose(b, &c, d, e, &a, w3 &+ 0x5a82_7999)
        w4 = expand(w1, w12, w6, w4)
        // Rounds 20–39.
        parity(a, &b, c, d, &e, w4 &+ 0x6ed9_eba1)
        w5 = expand(w2, w13, w7, w5)
        parity(e, &a, b, c, &d, w5 &+ 0x6ed9_eba1)
        w6 = expand(w3, w14, w8, w6)
        parity(d, &e, a, b, &c, w6 &+ 0x6ed9_eba1)
        w7 = expand(w4, w15, w9, w7)
        parity(c, &d, e, a, &b, w7 &+ 0x6ed9_eba1)
        w8 = expand(w5, w0, w10, w8)
        parity(b, &c, d, e, &a, w8 &+ 0x6ed9_eba1)
        w9 = expand(w6, w1, w11, w9)
        parity(a, &b, c, d, &e, w9 &+ 0x6ed9_eba1)
        w10 = expand(w7, w2, w12, w10)
        parity(e, &a, b, c, &d, w10 &+ 0x6ed9_eba1)
        w11 = expand(w8, w3, w13, w11)
        parity(d, &e, a, b, &c, w11 &+ 0x6ed9_eba1)
        w12 = expand(w9, w4, w14, w12)
        parity(c, &d, e, a, &b, w12 &+ 0x6ed9_eba1)
        w13 = expand(w10, w5, w15, w13)
        parity(b, &c, d, e, &a, w13 &+ 0x6ed9_eba1)
        w14 = expand(w11, w6, w0, w14)
        parity(a, &b, c, d, &e, w14 &+ 0x6ed9_eba1)
        w15 = expand(w12, w7, w1, w15)
        parity(e, &a, b, c, &d, w15 &+ 0x6ed9_eba1)
        w0 = expand(w13, w8, w2, w0)
        parity(d, &e, a, b, &c, w0 &+ 0x6ed9_eba1)
        w1 = expand(w14, w9, w3, w1)
        parity(c, &d, e, a, &b, w1 &+ 0x6ed9_eba1)
        w2 = expand(w15, w10, w4, w2)
        parity(b, &c, d, e, &a, w2 &+ 0x6ed9_eba1)
        w3 = expand(w0, w11, w5, w3)
        parity(a, &b, c, d, &e, w3 &+ 0x6ed9_eba1)
        w4 = expand(w1, w12, w6, w4)
        parity(e, &a, b, c, &d, w4 &+ 0x6ed9_eba1)
        w5 = expand(w2, w13, w7, w5)
        parity(d, &e, a, b, &c, w5 &+ 0x6ed9_eba1)
        w6 = expand(w3, w14, w8, w6)
        parity(c, &d, e, a, &b, w6 &+ 0x6ed9_eba1)
        w7 = expand(w4, w15, w9, w7)
        parity(b, &c, d, e, &a, w7 &+ 0x6ed9_eba1)
        w8 = expand(w5, w0, w10, w8)
        // Rounds 40–59.
        majority(a, &b, c, d, &e, w8 &+ 0x8f1b_bcdc)
        w9 = expand(w6, w1, w11, w9)
        majority(e, &a, b, c, &d, w9 &+ 0x8f1b_bcdc)
        w10 = expand(w7, w2, w12, w10)
        majority(d, &e, a, b, &c, w10 &+ 0x8f1b_bcdc)
        w11 = expand(w8, w3, w13, w11)
        majority(c, &d, e, a, &b, w11 &+ 0x8f1b_bcdc)
        w12 = expand(w9, w4, w14, w12)
        majority(b, &c, d, e, &a, w12 &+ 0x8f1b_bcdc)
        w13 = expand(w10, w5, w15, w13)
        majority(a, &b, c, d, &e, w13 &+ 0x8f1b_bcdc)
        w14 = expand(w11, w6, w0, w14)
        majority(e, &a, b, c, &d, w14 &+ 0x8f1b_bcdc)
        w15 = expand(w12, w7, w1, w15)
        majority(d, &e, a, b, &c, w15 &+ 0x8f1b_bcdc)
        w0 = expand(w13, w8, w2, w0)
        majority(c, &d, e, a, &b, w0 &+ 0x8f1b_bcdc)
        w1 = expand(w14, w9, w3, w1)
        majority(b, &c, d, e, &a, w1 &+ 0x8f1b_bcdc)
        w2 = expand(w15, w10, w4, w2)
        majority(a, &b, c, d, &e, w2 &+ 0x8f1b_bcdc)
        w3 = expand(w0, w11, w5, w3)
        majority(e, &a, b, c, &d, w3 &+ 0x8f1b_bcdc)
        w4 = expand(w1, w12, w6, w4)
        majority(d, &e, a, b, &c, w4 &+ 0x8f1b_bcdc)
        w5 = expand(w2, w13, w7, w5)
        majority(c, &d, e, a, &b, w5 &+ 0x8f1b_bcdc)
        w6 = expand(w3, w14, w8, w6)
        majority(b, &c, d, e, &a, w6 &+ 0x8f1b_bcdc)
        w7 = expand(w4, w15, w9, w7)
        majority(a, &b, c, d, &e, w7 &+ 0x8f1b_bcdc)
        w8 = expand(w5, w0, w10, w8)
        majority(e, &a, b, c, &d, w8 &+ 0x8f1b_bcdc)
        w9 = expand(w6, w1, w11, w9)
        majority(d, &e, a, b, &c, w9 &+ 0x8f1b_bcdc)
        w10 = expand(w7, w2, w12, w10)
        majority(c, &d, e, a, &b, w10 &+ 0x8f1b_bcdc)
        w11 = expand(w8, w3, w13, w11)
        majority(b, &c, d, e, &a, w11 &+ 0x8f1b_bcdc)
        w12 = expand(w9, w4, w14, w12)
        // Rounds 60–79.
        parity(a, &b, c, d, &e, w12 &+ 0xca62_c1d6)
        w13 = expand(w10, w5, w15, w13)
        parity(e, &a, b, c, &d, w13 &+ 0xca62_c1d6)
        w14 = expand(w11, w6, w0, w14)
        parity(d, &e, a, b, &c, w14 &+ 0xca62_c1d6)
        w15 = expand(w12, w7, w1, w15)
        parity(c, &d, e, a, &b, w15 &+ 0xca62_c1d6)
        w0 = expand(w13, w8, w2, w0)
        parity(b, &c, d, e, &a, w0 &+ 0xca62_c1d6)
        w1 = expand(w14, w9, w3, w1)
        parity(a, &b, c, d, &e, w1 &+ 0xca62_c1d6)
        w2 = expand(w15, w10, w4, w2)
        parity(e, &a, b, c, &d, w2 &+ 0xca62_c1d6)
        w3 = expand(w0, w11, w5, w3)
        parity(d, &e, a, b, &c, w3 &+ 0xca62_c1d6)
        w4 = expand(w1, w12, w6, w4)
        parity(c, &d, e, a, &b, w4 &+ 0xca62_c1d6)
        w5 = expand(w2, w13, w7, w5)
        parity(b, &c, d, e, &a, w5 &+ 0xca62_c1d6)
        w6 = expand(w3, w14, w8, w6)
        parity(a, &b, c, d, &e, w6 &+ 0xca62_c1d6)
        w7 = expand(w4, w15, w9, w7)
        parity(e, &a, b, c, &d, w7 &+ 0xca62_c1d6)
        w8 = expand(w5, w0, w10, w8)
        parity(d, &e, a, b, &c, w8 &+ 0xca62_c1d6)
        w9 = expand(w6, w1, w11, w9)
        parity(c, &d, e, a, &b, w9 &+ 0xca62_c1d6)
        w10 = expand(w7, w2, w12, w10)
        parity(b, &c, d, e, &a, w10 &+ 0xca62_c1d6)
        w11 = expand(w8, w3, w13, w11)
        parity(a, &b, c, d, &e, w11 &+ 0xca62_c1d6)
        w12 = expand(w9, w4, w14, w12)
        parity(e, &a, b, c, &d, w12 &+ 0xca62_c1d6)
        w13 = expand(w10, w5, w15, w13)
        parity(d, &e, a, b, &c, w13 &+ 0xca62_c1d6)
        w14 = expand(w11, w6, w0, w14)
        parity(c, &d, e, a, &b, w14 &+ 0xca62_c1d6)
        w15 = expand(w12, w7, w1, w15)
        parity(b, &c, d, e, &a, w15 &+ 0xca62_c1d6)
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}

// One round: `e` takes the round's sum and `b` is rotated; the caller renames the five words for
// the next round. `w` is the schedule's word plus the round constant.

@inline(__always)
private func choose(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32) {
    e &+= a.rotatedLeft(5) &+ (d ^ (b & (c ^ d))) &+ w
    b = b.rotatedLeft(30)
}

@inline(__always)
private func parity(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32) {
    e &+= a.rotatedLeft(5) &+ (b ^ c ^ d) &+ w
    b = b.rotatedLeft(30)
}

@inline(__always)
private func majority(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ w: UInt32) {
    e &+= a.rotatedLeft(5) &+ ((b & c) | (d & (b | c))) &+ w
    b = b.rotatedLeft(30)
}

/// The schedule's next word from the words 3, 8, 14 and 16 back.
@inline(__always)
private func expand(_ back3: UInt32, _ back8: UInt32, _ back14: UInt32, _ back16: UInt32) -> UInt32 {
    (back3 ^ back8 ^ back14 ^ back16).rotatedLeft(1)
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self &<< count) | (self &>> (32 &- count)) }
}
