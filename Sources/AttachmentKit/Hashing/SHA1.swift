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
        var h = state
        var offset = 0
        while offset &+ 64 <= blocks.count {
            Self.compress(block: blocks, at: offset, into: &h)
            offset &+= 64
        }
        state = h
    }
}
