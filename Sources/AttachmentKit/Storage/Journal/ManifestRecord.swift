/// One record of a ``FileContentStore``'s journal: 128 bytes, little-endian, with a check value
/// (the XXH64 of the first 120) so that a record torn by a crash, or damaged later, is
/// recognised.
///
/// ```
/// 0        marker 0xA7        1  kind        2  flags (1: has checksum, 2: staged)   3  version 1
/// 8..<16   batch              16..<48  key digest       48..<56  size
/// 56..<64  content checksum   64..<72  last access (ms since 1970)
/// 72..<80  staging file id    80..<120 reserved (zero; a name record's piece of the name)
/// 120..<128 check value
/// ```
struct ManifestRecord: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        /// The key's content is now the staged file (or, without one, the entry as it is).
        case put = 1
        /// The key has no content.
        case remove = 2
        /// The entry was used at `lastAccess`.
        case touch = 3
        /// The entry's content checksum, computed after it was stored.
        case checksum = 4
        /// Every earlier record is void and the entries directory must be swept.
        case purge = 5
        /// A piece of the key's name (``ContentKey/storedName``): bytes `lastAccess ..<
        /// lastAccess + 40` of a name `size` bytes long, in `payload`. A key's pieces come just
        /// before its put, in the same batch.
        case name = 6
    }

    static let byteCount = 128
    private static let marker: UInt8 = 0xA7
    private static let version: UInt8 = 1

    var kind: Kind
    var batch: UInt64 = 0
    var key: SHA256Digest
    var size: Int64 = 0
    var checksum: UInt64?
    var lastAccess: Int64 = 0
    /// The staging file that becomes the entry (a ``Kind/put`` whose file was just written).
    var stagedFile: UInt64?
    /// A name record's piece of the name, at most ``payloadByteCount`` bytes.
    var payload: [UInt8] = []

    /// The bytes of a name a name record carries.
    static let payloadByteCount = 40

    /// Appends the record's 128 bytes to `buffer`.
    func encode(into buffer: inout [UInt8]) {
        let start = buffer.count
        let flags: UInt8 = (checksum == nil ? 0 : 1) | (stagedFile == nil ? 0 : 2)
        buffer.append(contentsOf: [Self.marker, kind.rawValue, flags, Self.version, 0, 0, 0, 0])
        Self.append(batch, to: &buffer)
        buffer.append(contentsOf: key.bytes)
        Self.append(UInt64(bitPattern: size), to: &buffer)
        Self.append(checksum ?? 0, to: &buffer)
        Self.append(UInt64(bitPattern: lastAccess), to: &buffer)
        Self.append(stagedFile ?? 0, to: &buffer)
        buffer.append(contentsOf: payload.prefix(Self.payloadByteCount))
        buffer.append(
            contentsOf: repeatElement(0, count: Self.payloadByteCount - min(payload.count, Self.payloadByteCount)))
        let check = buffer.withUnsafeBytes { Self.checkValue(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        Self.append(check, to: &buffer)
    }

    /// Reads the record at `offset`; `nil` when the bytes are not a whole, intact record.
    init?(decoding buffer: UnsafeRawBufferPointer, at offset: Int) {
        guard offset >= 0, offset + Self.byteCount <= buffer.count else { return nil }
        let record = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Self.byteCount])
        guard record[0] == Self.marker, record[3] == Self.version,
            Self.checkValue(record) == Self.load(record, 120),
            let kind = Kind(rawValue: record[1]), let key = SHA256Digest(bytes: record, at: 16)
        else { return nil }
        let flags = record[2]
        self.kind = kind
        self.batch = Self.load(record, 8)
        self.key = key
        self.size = Int64(bitPattern: Self.load(record, 48))
        self.checksum = flags & 1 != 0 ? Self.load(record, 56) : nil
        self.lastAccess = Int64(bitPattern: Self.load(record, 64))
        self.stagedFile = flags & 2 != 0 ? Self.load(record, 72) : nil
        if kind == .name { self.payload = Array(record[80..<120]) }
    }

    /// Whether a record may start at `offset`: a cheap look at its marker and version before
    /// the check value is computed.
    static func mayStart(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        offset + byteCount <= buffer.count && buffer[offset] == marker && buffer[offset + 3] == version
    }

    init(
        kind: Kind, key: SHA256Digest, size: Int64 = 0, checksum: UInt64? = nil, lastAccess: Int64 = 0,
        stagedFile: UInt64? = nil
    ) {
        self.kind = kind
        self.key = key
        self.size = size
        self.checksum = checksum
        self.lastAccess = lastAccess
        self.stagedFile = stagedFile
    }

    /// The check value of a record: the XXH64 of its first 120 bytes.
    private static func checkValue(_ record: UnsafeRawBufferPointer) -> UInt64 {
        XXH64.hash(UnsafeRawBufferPointer(rebasing: record[..<120]))
    }

    private static func load(_ record: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: record.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    private static func append(_ value: UInt64, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }
}
