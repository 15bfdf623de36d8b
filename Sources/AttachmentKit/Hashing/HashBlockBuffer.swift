/// The bytes a block-based hash (``SHA256``: 64-byte blocks, ``XXH64``: 32-byte stripes) holds
/// until it has a whole block, kept inline so that hashing allocates nothing.
struct HashBlockBuffer: Sendable {
    /// Room for the largest block, 64 bytes.
    typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    let blockSize: Int
    private(set) var block: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many of the first bytes of `block` are held.
    private(set) var count = 0

    /// A buffer for blocks of `blockSize` bytes (at most 64).
    init(blockSize: Int) {
        self.blockSize = min(blockSize, 64)
    }

    /// Takes `buffer`, in message order: returns the held block it completes, if any, and the
    /// whole blocks of `buffer` after that, both to be hashed in that order, and holds the rest.
    mutating func add(_ buffer: UnsafeRawBufferPointer) -> (completed: Block?, blocks: UnsafeRawBufferPointer) {
        var rest = buffer[...]
        var completed: Block?
        if count > 0 {
            let taken = min(blockSize - count, rest.count)
            append(UnsafeRawBufferPointer(rebasing: rest.prefix(taken)))
            rest = rest.dropFirst(taken)
            guard count == blockSize else { return (nil, UnsafeRawBufferPointer(rebasing: rest.prefix(0))) }
            completed = takeBlock()
        }
        let whole = rest.count / blockSize * blockSize
        append(UnsafeRawBufferPointer(rebasing: rest.dropFirst(whole)))
        return (completed, UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
    }

    /// Holds `bytes` after those held; they must fit in the block.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let offset = count
        withUnsafeMutableBytes(of: &block) { block in
            UnsafeMutableRawBufferPointer(rebasing: block[offset..<offset + bytes.count]).copyMemory(from: bytes)
        }
        count += bytes.count
    }

    /// Holds zeros up to `length` bytes.
    mutating func pad(to length: Int) {
        let zeros: Block = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeBytes(of: zeros) { append(UnsafeRawBufferPointer(rebasing: $0[..<(length - count)])) }
    }

    /// The held block, which is then emptied.
    mutating func takeBlock() -> Block {
        defer {
            block = (0, 0, 0, 0, 0, 0, 0, 0)
            count = 0
        }
        return block
    }

    /// The last one or two blocks of a Merkle–Damgård message (``SHA1``, ``SHA256``) of
    /// `byteCount` bytes whose held rest is this buffer's: the byte 0x80, zeros, and the length
    /// in bits as a big-endian 64-bit integer; hash them in order.
    func messageEnd(byteCount: UInt64) -> (Block, Block?) {
        var tail = self
        withUnsafeBytes(of: UInt8(0x80)) { tail.append($0) }
        var first: Block?
        if tail.count > 56 {
            tail.pad(to: 64)
            first = tail.takeBlock()
        }
        tail.pad(to: 56)
        withUnsafeBytes(of: (byteCount &* 8).bigEndian) { tail.append($0) }
        let last = tail.takeBlock()
        return first.map { ($0, last) } ?? (last, nil)
    }

    /// Calls `body` with the held bytes.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(of: block) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}
