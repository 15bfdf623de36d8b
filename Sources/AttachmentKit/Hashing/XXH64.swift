import Foundation

/// XXH64 (Yann Collet's xxHash, 64-bit, seed 0), computed incrementally: the checksum of
/// stored content and of manifest records.
///
/// It detects damage (a torn write, a flipped bit, a truncated file), which is what a content
/// checksum is for, at several gigabytes per second: checking a 50 MB entry or hashing a 256 kB
/// write costs little next to the I/O. It is not a defence against an adversary; file names,
/// which hostile keys must not choose, use ``SHA256``.
struct XXH64: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var accumulators: (UInt64, UInt64, UInt64, UInt64) = (
        XXH64.prime1 &+ XXH64.prime2, XXH64.prime2, 0, 0 &- XXH64.prime1
    )
    /// Bytes waiting for a whole 32-byte stripe.
    private var pending = HashBlockBuffer(blockSize: 32)
    private var byteCount: UInt64 = 0

    init() {}

    /// The checksum of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = XXH64()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The checksum of `bytes`.
    static func hash(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds `buffer` to the message.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(buffer.count)
        let (completed, stripes) = pending.add(buffer)
        if let completed {
            withUnsafeBytes(of: completed) { consume(stripes: UnsafeRawBufferPointer(rebasing: $0[..<32])) }
        }
        if !stripes.isEmpty { consume(stripes: stripes) }
    }

    /// The checksum of everything added so far. The hasher can go on taking bytes afterwards.
    func finalize() -> UInt64 {
        var hash: UInt64
        if byteCount >= 32 {
            let (v1, v2, v3, v4) = accumulators
            hash = v1.rotatedLeft(1) &+ v2.rotatedLeft(7) &+ v3.rotatedLeft(12) &+ v4.rotatedLeft(18)
            for value in [v1, v2, v3, v4] {
                hash = (hash ^ Self.round(0, value)) &* Self.prime1 &+ Self.prime4
            }
        } else {
            hash = Self.prime5
        }
        hash &+= byteCount
        pending.withBytes { block in
            var offset = 0
            while offset + 8 <= block.count {
                let lane = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash = (hash ^ Self.round(0, lane)).rotatedLeft(27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= block.count {
                let lane = UInt64(UInt32(littleEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash = (hash ^ (lane &* Self.prime1)).rotatedLeft(23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < block.count {
                hash = (hash ^ (UInt64(block[offset]) &* Self.prime5)).rotatedLeft(11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    /// The hasher's state as 80 bytes, so that hashing can resume where it stopped after a
    /// relaunch: four accumulators, the message length, the pending byte count and bytes.
    var serialized: [UInt8] {
        let held = pending.block
        let words = [
            accumulators.0, accumulators.1, accumulators.2, accumulators.3, byteCount, UInt64(pending.count),
            held.0, held.1, held.2, held.3,
        ]
        return words.flatMap { word in withUnsafeBytes(of: word.littleEndian, Array.init) }
    }

    static let serializedByteCount = 80

    /// Restores a hasher from ``serialized``; `nil` when the bytes can't be one.
    init?(serialized bytes: ArraySlice<UInt8>) {
        guard bytes.count == Self.serializedByteCount else { return nil }
        let words = stride(from: bytes.startIndex, to: bytes.endIndex, by: 8).map { start in
            bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        guard words[5] < 32, words[4] % 32 == words[5] else { return nil }
        accumulators = (words[0], words[1], words[2], words[3])
        byteCount = words[4]
        withUnsafeBytes(
            of: (words[6].littleEndian, words[7].littleEndian, words[8].littleEndian, words[9].littleEndian)
        ) {
            pending.append(UnsafeRawBufferPointer(rebasing: $0[..<Int(words[5])]))
        }
    }

    /// Runs the four lanes over every 32-byte stripe of `stripes`.
    private mutating func consume(stripes: UnsafeRawBufferPointer) {
        var (v1, v2, v3, v4) = accumulators
        var offset = 0
        while offset &+ 32 <= stripes.count {
            v1 = Self.round(v1, Self.lane(stripes, offset))
            v2 = Self.round(v2, Self.lane(stripes, offset &+ 8))
            v3 = Self.round(v3, Self.lane(stripes, offset &+ 16))
            v4 = Self.round(v4, Self.lane(stripes, offset &+ 24))
            offset &+= 32
        }
        accumulators = (v1, v2, v3, v4)
    }

    @inline(__always)
    private static func lane(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator &+ lane &* prime2).rotatedLeft(31) &* prime1
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self &<< count) | (self &>> (64 &- count)) }
}
