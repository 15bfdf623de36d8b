import Foundation

/// SHA-256 (FIPS 180-4), computed incrementally.
///
/// The package's own implementation: Linux has no system crypto library Foundation can use, and
/// AttachmentKit depends on nothing outside the toolchain. ``FileContentStore`` names each
/// entry's file by the SHA-256 of its key, so that no key, however hostile, chooses a path or
/// collides with another; it is tested against the FIPS 180-4 example vectors.
struct SHA256: MerkleDamgardHash, Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    var pending = HashBlockBuffer(blockSize: 64)
    var byteCount: UInt64 = 0

    init() {}

    /// The digest of `data`.
    static func hash(_ data: Data) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The digest of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    /// The digest of everything added so far. The hasher can go on taking bytes afterwards.
    func finalize() -> SHA256Digest {
        let s = padded().state
        return SHA256Digest(
            UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
            UInt64(s.4) << 32 | UInt64(s.5), UInt64(s.6) << 32 | UInt64(s.7))
    }

    /// Runs the compression function over every 64-byte block of `blocks`.
    mutating func compress(blocks: UnsafeRawBufferPointer) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            SHA256.roundConstants.withUnsafeBufferPointer { constants in
                var offset = 0
                while offset &+ 64 <= blocks.count {
                    for index in 0..<16 {
                        let word = blocks.loadUnaligned(fromByteOffset: offset &+ index &* 4, as: UInt32.self)
                        schedule[index] = UInt32(bigEndian: word)
                    }
                    for index in 16..<64 {
                        let w15 = schedule[index &- 15]
                        let w2 = schedule[index &- 2]
                        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                        schedule[index] = schedule[index &- 16] &+ s0 &+ schedule[index &- 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    var index = 0
                    while index < 64 {
                        // Eight rounds with the variables' roles rotated instead of moved.
                        SHA256.round(a, b, c, &d, e, f, g, &h, constants[index] &+ schedule[index])
                        SHA256.round(h, a, b, &c, d, e, f, &g, constants[index &+ 1] &+ schedule[index &+ 1])
                        SHA256.round(g, h, a, &b, c, d, e, &f, constants[index &+ 2] &+ schedule[index &+ 2])
                        SHA256.round(f, g, h, &a, b, c, d, &e, constants[index &+ 3] &+ schedule[index &+ 3])
                        SHA256.round(e, f, g, &h, a, b, c, &d, constants[index &+ 4] &+ schedule[index &+ 4])
                        SHA256.round(d, e, f, &g, h, a, b, &c, constants[index &+ 5] &+ schedule[index &+ 5])
                        SHA256.round(c, d, e, &f, g, h, a, &b, constants[index &+ 6] &+ schedule[index &+ 6])
                        SHA256.round(b, c, d, &e, f, g, h, &a, constants[index &+ 7] &+ schedule[index &+ 7])
                        index &+= 8
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    offset &+= 64
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    /// One round: `d` and `h` take their new values; the caller rotates the roles of the others.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ constantPlusWord: UInt32
    ) {
        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
        let choice = g ^ (e & (f ^ g))
        let temp1 = h &+ s1 &+ choice &+ constantPlusWord
        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
        let majority = (a & b) | (c & (a | b))
        d &+= temp1
        h = temp1 &+ s0 &+ majority
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}
