import Foundation

/// SHA-1 (FIPS 180-4), computed incrementally.
///
/// For one use only: tus's checksum extension makes `sha1` the algorithm every server must
/// accept, so ``UploadCoordinator`` sends `Upload-Checksum: sha1 …` to a server that offers no
/// ``SHA256``. SHA-1 is broken for collisions; it is a check against corruption here, never a
/// security boundary. Tested against `sha1sum` and Python's `hashlib` at the block boundaries.
struct SHA1: MerkleDamgardHash, Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    var pending = HashBlockBuffer(blockSize: 64)
    var byteCount: UInt64 = 0

    init() {}

    /// The 20-byte digest of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    /// The 20-byte digest of everything added so far. The hasher can go on taking bytes
    /// afterwards.
    func finalize() -> [UInt8] {
        let s = padded().state
        return withUnsafeBytes(of: (s.0.bigEndian, s.1.bigEndian, s.2.bigEndian, s.3.bigEndian, s.4.bigEndian)) {
            Array($0)
        }
    }

    /// Runs the compression function over every 64-byte block of `blocks`.
    mutating func compress(blocks: UnsafeRawBufferPointer) {
        var (h0, h1, h2, h3, h4) = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            var offset = 0
            while offset &+ 64 <= blocks.count {
                for index in 0..<16 {
                    let word = blocks.loadUnaligned(fromByteOffset: offset &+ index &* 4, as: UInt32.self)
                    schedule[index] = UInt32(bigEndian: word)
                }
                for index in 16..<80 {
                    let mixed =
                        schedule[index &- 3] ^ schedule[index &- 8] ^ schedule[index &- 14] ^ schedule[index &- 16]
                    schedule[index] = mixed.rotatedLeft(1)
                }
                var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
                for index in 0..<80 {
                    let (function, constant): (UInt32, UInt32)
                    switch index {
                    case 0..<20: (function, constant) = (d ^ (b & (c ^ d)), 0x5a82_7999)
                    case 20..<40: (function, constant) = (b ^ c ^ d, 0x6ed9_eba1)
                    case 40..<60: (function, constant) = ((b & c) | (d & (b | c)), 0x8f1b_bcdc)
                    default: (function, constant) = (b ^ c ^ d, 0xca62_c1d6)
                    }
                    let temp = a.rotatedLeft(5) &+ function &+ e &+ constant &+ schedule[index]
                    (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, temp)
                }
                h0 &+= a
                h1 &+= b
                h2 &+= c
                h3 &+= d
                h4 &+= e
                offset &+= 64
            }
        }
        state = (h0, h1, h2, h3, h4)
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self &<< count) | (self &>> (32 &- count)) }
}
