/// The AES-256 key schedule (FIPS-197 §5.2), expanded into the bitsliced round keys that
/// ``BitslicedState/encrypt(rounds:roundKeys:)`` XORs in.
///
/// The S-box of the schedule is the same bitsliced circuit as the rounds', so the expansion
/// reads no table indexed by key bytes; its only branches depend on the word's position. The
/// expanded key lives in memory this object owns and is overwritten with zeros when it goes.
///
/// `@unchecked Sendable` without a lock: `words` is written only in `init` and read-only
/// afterwards.
final class AES256KeySchedule: @unchecked Sendable {
    /// AES-256 has 14 rounds.
    static let rounds = 14

    /// `(rounds + 1) × 8` words; written once in `init`, read-only afterwards.
    private let words: UnsafeMutablePointer<BitsliceWord>

    private static let wordCount = (rounds + 1) * 8

    /// Expands `key`, which must hold exactly 32 bytes (the caller checks; see ``AESCounterMode``).
    init(key: UnsafeRawBufferPointer) {
        precondition(key.count == 32, "AES-256 takes a 32-byte key")
        words = .allocate(capacity: Self.wordCount)
        var schedule = [UInt32](repeating: 0, count: 60)
        for index in 0..<8 {
            schedule[index] = UInt32(littleEndian: key.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        let roundConstants: [UInt32] = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40]
        var previous = schedule[7]
        for index in 8..<60 {
            let position = index % 8
            if position == 0 {
                previous = Self.substituteWord(previous >> 8 | previous << 24) ^ roundConstants[index / 8 - 1]
            } else if position == 4 {
                previous = Self.substituteWord(previous)
            }
            previous ^= schedule[index - 8]
            schedule[index] = previous
        }
        for round in 0...Self.rounds {
            let offset = round * 4
            let (low, high) = BitslicedState.interleave(
                UInt64(schedule[offset]),
                UInt64(schedule[offset + 1]),
                UInt64(schedule[offset + 2]),
                UInt64(schedule[offset + 3]))
            var state = BitslicedState(low, low, low, low, high, high, high, high)
            state.orthogonalize()
            let compressedLow = Self.compress(state.q0, state.q1, state.q2, state.q3)
            let compressedHigh = Self.compress(state.q4, state.q5, state.q6, state.q7)
            Self.expand(compressedLow, into: words + round * 8)
            Self.expand(compressedHigh, into: words + round * 8 + 4)
        }
        for index in schedule.indices { schedule[index] = 0 }
        previous = 0
    }

    deinit {
        words.update(repeating: 0, count: Self.wordCount)
        words.deallocate()
    }

    /// Calls `body` with the bitsliced round keys.
    @inline(__always)
    func withRoundKeys<Result>(_ body: (UnsafePointer<BitsliceWord>) throws -> Result) rethrows -> Result {
        try body(words)
    }

    /// SubWord through the bitsliced S-box: the word's four bytes as one block's first column.
    private static func substituteWord(_ word: UInt32) -> UInt32 {
        var state = BitslicedState(UInt64(word), 0, 0, 0, 0, 0, 0, 0)
        state.orthogonalize()
        state.substituteBytes()
        state.orthogonalize()
        return UInt32(truncatingIfNeeded: state.q0)
    }

    /// Keeps one copy of each of four identical bit planes (bit `n` of each nibble from word `n`).
    private static func compress(
        _ a: BitsliceWord, _ b: BitsliceWord, _ c: BitsliceWord, _ d: BitsliceWord
    ) -> BitsliceWord {
        (a & 0x1111_1111_1111_1111) | (b & 0x2222_2222_2222_2222)
            | (c & 0x4444_4444_4444_4444) | (d & 0x8888_8888_8888_8888)
    }

    /// The inverse of ``compress(_:_:_:_:)`` for a round key: each bit repeated over its nibble.
    private static func expand(_ compressed: BitsliceWord, into destination: UnsafeMutablePointer<BitsliceWord>) {
        for plane in 0..<4 {
            let bits = (compressed &>> UInt64(plane)) & 0x1111_1111_1111_1111
            destination[plane] = (bits &<< 4) &- bits
        }
    }
}
