/// AES-256 in counter mode, in Swift, in constant time: the cipher AttachmentKit uses where the
/// system has none (Linux), and for the legacy counter semantics CommonCrypto lacks.
///
/// The counter block is a 64-bit nonce followed by a 64-bit big-endian counter. It computes
/// ``BitslicedState/blockCount`` blocks of keystream per pass of the bitsliced cipher and keeps
/// the unused end of the last pass for the next call, so calls may cut the stream anywhere.
struct PortableAESCounterMode {
    private let schedule: AES256KeySchedule
    private let nonce: UInt64
    private var counter: UInt64
    private let carriesIntoNonce: Bool
    /// Keystream computed but not used yet: the last `unusedKeystream` bytes of `keystream`.
    private var keystream = [UInt8](repeating: 0, count: PortableAESCounterMode.batchSize)
    private var unusedKeystream = 0

    /// The bytes of keystream one pass computes.
    static let batchSize = BitslicedState.blockCount * 16

    /// A cipher for `key` (32 bytes) from the 16-byte counter block `initialCounter`; with
    /// `carriesIntoNonce` the counter is the whole 128 bits (Matrix v0), else the low 64 bits
    /// wrap on their own (v1, v2).
    init(key: UnsafeRawBufferPointer, initialCounter: UnsafeRawBufferPointer, carriesIntoNonce: Bool) {
        precondition(initialCounter.count == 16, "the AES-CTR counter block has 16 bytes")
        schedule = AES256KeySchedule(key: key)
        nonce = UInt64(bigEndian: initialCounter.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        counter = UInt64(bigEndian: initialCounter.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        self.carriesIntoNonce = carriesIntoNonce
        nonceCarry = 0
    }

    /// What the counter's overflows have added to the nonce so far (only with `carriesIntoNonce`).
    private var nonceCarry: UInt64

    /// XORs the next `buffer.count` bytes of keystream into `buffer`: encrypts or decrypts it.
    mutating func apply(to buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        let count = buffer.count
        if unusedKeystream > 0 {
            let taken = min(unusedKeystream, count)
            keystream.withUnsafeBytes { stream in
                let start = Self.batchSize - unusedKeystream
                for index in 0..<taken {
                    let byte = base.load(fromByteOffset: index, as: UInt8.self) ^ stream[start + index]
                    base.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
                }
            }
            unusedKeystream -= taken
            offset = taken
        }
        while count - offset >= Self.batchSize {
            xorBatch(into: base + offset)
            offset += Self.batchSize
        }
        if offset < count {
            var fresh = [UInt8](repeating: 0, count: Self.batchSize)
            fresh.withUnsafeMutableBytes { xorBatch(into: $0.baseAddress!) }
            for index in 0..<(count - offset) {
                let byte = base.load(fromByteOffset: offset + index, as: UInt8.self) ^ fresh[index]
                base.storeBytes(of: byte, toByteOffset: offset + index, as: UInt8.self)
            }
            keystream = fresh
            unusedKeystream = Self.batchSize - (count - offset)
        }
    }

    /// Encrypts the next ``BitslicedState/blockCount`` counter blocks and XORs them into the
    /// ``batchSize`` bytes at `destination`.
    @inline(__always)
    private mutating func xorBatch(into destination: UnsafeMutableRawPointer) {
        let (low0, high0) = counterBlock(0)
        let (low1, high1) = counterBlock(1)
        let (low2, high2) = counterBlock(2)
        let (low3, high3) = counterBlock(3)
        var state = BitslicedState(low0, low1, low2, low3, high0, high1, high2, high3)
        state.orthogonalize()
        schedule.withRoundKeys { state.encrypt(rounds: AES256KeySchedule.rounds, roundKeys: $0) }
        state.orthogonalize()
        Self.xor(BitslicedState.deinterleave(state.q0, state.q4), into: destination)
        Self.xor(BitslicedState.deinterleave(state.q1, state.q5), into: destination + 16)
        Self.xor(BitslicedState.deinterleave(state.q2, state.q6), into: destination + 32)
        Self.xor(BitslicedState.deinterleave(state.q3, state.q7), into: destination + 48)
        let next = counter &+ UInt64(truncatingIfNeeded: BitslicedState.blockCount)
        nonceCarry &+= carry(from: counter, to: next)
        counter = next
    }

    /// Counter block `index` of the batch, interleaved (the four little-endian words of its
    /// bytes: the nonce, then the counter, each big-endian).
    @inline(__always)
    private func counterBlock(_ index: UInt64) -> (BitsliceWord, BitsliceWord) {
        let blockCounter = counter &+ index
        let nonceBytes = (nonce &+ nonceCarry &+ carry(from: counter, to: blockCounter)).byteSwapped
        let counterBytes = blockCounter.byteSwapped
        return BitslicedState.interleave(
            nonceBytes & 0xFFFF_FFFF, nonceBytes &>> 32, counterBytes & 0xFFFF_FFFF, counterBytes &>> 32)
    }

    /// 1 when the counter wrapped between `old` and `new` and carries into the nonce, else 0;
    /// computed without a branch.
    @inline(__always)
    private func carry(from old: UInt64, to new: UInt64) -> UInt64 {
        // The borrow of `new - old` over 64 bits: set exactly when `new < old`.
        let wrapped = ((~new & old) | (~(new ^ old) & (new &- old))) &>> 63
        return carriesIntoNonce ? wrapped : 0
    }

    /// XORs one block of keystream (its four little-endian words) into the 16 bytes at `block`.
    @inline(__always)
    private static func xor(
        _ words: (BitsliceWord, BitsliceWord, BitsliceWord, BitsliceWord), into block: UnsafeMutableRawPointer
    ) {
        let first = words.0 | words.1 &<< 32
        let second = words.2 | words.3 &<< 32
        let data0 = UInt64(littleEndian: block.loadUnaligned(as: UInt64.self))
        let data1 = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        block.storeBytes(of: (data0 ^ first).littleEndian, as: UInt64.self)
        block.storeBytes(of: (data1 ^ second).littleEndian, toByteOffset: 8, as: UInt64.self)
    }
}
