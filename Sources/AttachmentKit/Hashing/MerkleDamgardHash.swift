import Foundation

/// What ``SHA1`` and ``SHA256`` share: 64-byte blocks held in a ``HashBlockBuffer`` until whole,
/// the count of bytes taken, and the padding that ends the message. A conformer compresses
/// blocks into its own state.
protocol MerkleDamgardHash {
    /// Bytes waiting for a whole block.
    var pending: HashBlockBuffer { get set }
    /// The bytes taken so far.
    var byteCount: UInt64 { get set }
    /// Runs the compression function over every 64-byte block of `blocks`.
    mutating func compress(blocks: UnsafeRawBufferPointer)
}

extension MerkleDamgardHash {
    /// Adds `data` to the message.
    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds `buffer` to the message.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(buffer.count)
        let (completed, blocks) = pending.add(buffer)
        if let completed { compress(block: completed) }
        if !blocks.isEmpty { compress(blocks: blocks) }
    }

    /// A copy whose state has taken the message's padding and length: the state of the digest.
    /// This hasher can go on taking bytes.
    func padded() -> Self {
        var copy = self
        let (block, last) = pending.messageEnd(byteCount: byteCount)
        copy.compress(block: block)
        if let last { copy.compress(block: last) }
        return copy
    }

    private mutating func compress(block: HashBlockBuffer.Block) {
        withUnsafeBytes(of: block) { compress(blocks: $0) }
    }
}
