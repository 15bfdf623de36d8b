/// The reader of image headers, throwing ``ImageInspector/Error``.
typealias ByteReader = BoundedByteReader<ImageInspector.Error>

/// Bounds-checked reads of integers and byte runs at absolute offsets of an image's bytes,
/// held in memory or loaded from a file in chunks.
///
/// Every read checks its range first and throws ``ImageInspector/Error/truncated(_:offset:)``
/// instead of reading past the end. Every read also counts towards two limits, the same for
/// bytes in memory and in a file: the bytes examined (the bytes the parser asks for, so that
/// jumping over data costs nothing) and the number of reads. Each parser loop makes at least
/// one read per step, so the read limit bounds every loop and no input can make a parser run
/// long, however small its structures. A file's loader also bounds the bytes read from disk.
///
/// Offsets are `Int`, which is 32 bits on Apple Watch (arm64_32), so arithmetic on them follows
/// two rules that hold on every platform. An offset below ``count`` plus a constant or a 16-bit
/// length can't overflow, because ``count`` is at most ``maximumCount``. Anything added from a
/// 32- or 64-bit field of the input goes through ``end(of:length:field:)``, which throws where
/// `+` would trap; values that are not offsets (a crop's numerator) are read with
/// ``rawUInt32(at:bigEndian:)`` and computed in fixed-width types. `.ci/embedded32` runs the
/// parsers with a 32-bit `Int` to hold them to it.
///
/// Generic over the error it throws (``ByteReadFailure``): ``ByteReader`` reads images, the ISO
/// media inspector reads videos with the same reader and its own error.
struct BoundedByteReader<Failure: ByteReadFailure> {
    /// The most bytes a reader addresses: a file that is larger reads as if it ended there.
    /// It leaves 2¹⁷ of headroom below `Int.max`, so that an offset below ``count`` plus a
    /// constant or a 16-bit length never overflows, even with a 32-bit `Int`.
    static var maximumCount: Int { Int.max - (1 << 17) }

    /// The format being parsed, named in the errors the reader throws.
    let format: Failure.Subject
    /// The length of the whole input in bytes.
    let count: Int
    /// The most bytes the reader may examine.
    let limit: Int
    /// The most reads the reader may make.
    let readLimit: Int
    /// The bytes examined so far, counting repeats.
    private(set) var examinedByteCount = 0
    /// The reads made so far.
    private(set) var readCount = 0
    /// The bytes loaded, from input offset `windowStart`: all of an input in memory (the reader
    /// lives inside `Data.withUnsafeBytes`), or the chunk that `file` holds until its next load.
    private var window: UnsafeRawBufferPointer
    private var windowStart = 0
    private let file: FileChunkLoader?

    /// A reader over bytes in memory, in `format`, that examines at most `limit` bytes in at
    /// most `readLimit` reads. It must not outlive `bytes`.
    init(bytes: UnsafeRawBufferPointer, format: Failure.Subject, limit: Int, readLimit: Int) {
        window = bytes
        count = min(bytes.count, Self.maximumCount)
        file = nil
        self.format = format
        self.limit = limit
        self.readLimit = readLimit
    }

    /// A reader over a file in `format`, loaded piece by piece as the parser asks for bytes,
    /// starting with the piece `file` loaded last (at offset 0); it examines at most
    /// `file.limit` bytes in at most `readLimit` reads.
    init(file: FileChunkLoader, format: Failure.Subject, readLimit: Int) {
        window = file.currentChunk
        count = min(file.count, Self.maximumCount)
        self.file = file
        self.format = format
        limit = file.limit
        self.readLimit = readLimit
    }

    /// Bytes read from disk for a file, bytes examined for data in memory.
    var inspectedByteCount: Int { file?.loadedByteCount ?? examinedByteCount }

    /// The byte at `offset`.
    mutating func uint8(at offset: Int) throws(Failure) -> Int {
        let start = try locate(offset, 1)
        return Int(window[start])
    }

    /// The 16-bit unsigned integer at `offset`.
    mutating func uint16(at offset: Int, bigEndian: Bool) throws(Failure) -> Int {
        Int(truncatingIfNeeded: try unsigned(at: offset, byteCount: 2, bigEndian: bigEndian))
    }

    /// The 24-bit unsigned integer at `offset`.
    mutating func uint24(at offset: Int, bigEndian: Bool) throws(Failure) -> Int {
        Int(truncatingIfNeeded: try unsigned(at: offset, byteCount: 3, bigEndian: bigEndian))
    }

    /// The 32-bit unsigned integer at `offset`.
    mutating func uint32(at offset: Int, bigEndian: Bool) throws(Failure) -> Int {
        try integer(try unsigned(at: offset, byteCount: 4, bigEndian: bigEndian), field: "32-bit field")
    }

    /// The 32-bit unsigned integer at `offset` as the fixed-width value it is, for fields that
    /// are computed with rather than used as offsets: a 32-bit `Int` can't hold every value.
    mutating func rawUInt32(at offset: Int, bigEndian: Bool) throws(Failure) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(at: offset, byteCount: 4, bigEndian: bigEndian))
    }

    /// The 32-bit unsigned integer at `offset` as a length or offset that is only compared with
    /// sizes, never added to: a value a 32-bit `Int` can't hold reads as `Int.max`, larger than
    /// any input, so that it compares as it does on 64 bits.
    mutating func comparedUInt32(at offset: Int, bigEndian: Bool) throws(Failure) -> Int {
        Int(clamping: try rawUInt32(at: offset, bigEndian: bigEndian))
    }

    /// The 64-bit unsigned integer at `offset`, which must fit in `Int`.
    mutating func uint64(at offset: Int, bigEndian: Bool) throws(Failure) -> Int {
        try integer(try unsigned(at: offset, byteCount: 8, bigEndian: bigEndian), field: "64-bit field")
    }

    /// Whether the bytes at `offset` are `expected`; `false` (not an error) when they run past
    /// the end.
    mutating func bytes(at offset: Int, equal expected: [UInt8]) throws(Failure) -> Bool {
        guard offset >= 0, expected.count <= count - offset else { return false }
        let start = try locate(offset, expected.count)
        for (index, byte) in expected.enumerated() where window[start + index] != byte { return false }
        return true
    }

    /// Up to `length` bytes from `offset`, fewer when the input ends first.
    mutating func prefix(_ length: Int, from offset: Int = 0) throws(Failure) -> [UInt8] {
        let available = min(length, count - offset)
        guard available > 0 else { return [] }
        let start = try locate(offset, available)
        return Array(window[start..<start + available])
    }

    /// `offset + length`, or an error naming `field` when it overflows.
    func end(of offset: Int, length: Int, field: String) throws(Failure) -> Int {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, length >= 0 else {
            throw .oversizedField(format, field: field, value: UInt64(clamping: length))
        }
        return sum
    }

    /// The `byteCount`-byte unsigned integer at `offset`, without conversion to `Int` (a
    /// 32-bit or 64-bit field read where `Int` is 32 bits).
    mutating func unsigned(
        at offset: Int, byteCount: Int, bigEndian: Bool
    ) throws(Failure) -> UInt64 {
        let start = try locate(offset, byteCount)
        var value: UInt64 = 0
        for index in 0..<byteCount {
            let byte = UInt64(window[start + (bigEndian ? index : byteCount - 1 - index)])
            value = value << 8 | byte
        }
        return value
    }

    private func integer(_ value: UInt64, field: String) throws(Failure) -> Int {
        guard let result = Int(exactly: value) else {
            throw .oversizedField(format, field: field, value: value)
        }
        return result
    }

    /// Checks that `length` bytes at `offset` exist, counts them and the read, loads them from
    /// the file when they are not in the window, and returns the index of the first in
    /// `window`. Every read of `window` goes through here: the returned range is always inside it.
    private mutating func locate(_ offset: Int, _ length: Int) throws(Failure) -> Int {
        guard offset >= 0, offset <= count - length else { throw .truncated(format, offset: max(offset, 0)) }
        readCount += 1
        guard readCount <= readLimit else { throw .readCountExceeded(format, limit: readLimit) }
        // A read refused for the limit examines nothing: a parser that stops there and reports
        // what it found reports at most `limit` bytes.
        guard length <= limit - examinedByteCount else { throw .readLimitExceeded(format, limit: limit) }
        examinedByteCount += length
        if let file, offset < windowStart || offset + length > windowStart + window.count {
            window = try file.load(at: offset, minimumCount: length, subject: format, failure: Failure.self)
            windowStart = offset
        }
        return offset - windowStart
    }
}
