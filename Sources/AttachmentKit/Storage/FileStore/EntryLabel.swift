/// What an entry file of a ``FileContentStore`` says about itself, in an extended attribute of
/// the file, so that the store can adopt the file again when its journal records are lost
/// (see ``FileStoreOpening/adopt(_:into:capacity:layout:fileSystem:)``).
///
/// Not in the file's bytes: the store serves an entry's file as it is (a file URL), and ingests
/// a download by renaming it, so a header or trailer would reach the caller. The attribute
/// belongs to the file (its inode), travels with it through the rename into `entries/`, and is
/// written before the file is flushed, so it is on the device when the content is. Where the
/// file system has no extended attributes the store works as before, and such an entry's file
/// is removed, not adopted, when its records are lost.
///
/// ```
/// 0..<4    "AKL1" (the label's format)   4..<12   the key digest's first 8 bytes
/// 12..<20  content size                 20..<28  content checksum (XXH64)
/// 28..<36  written (ms since 1970)      36..<38  name length n (0: not recorded)
/// 38..<38+n the key's stored name       then 8   check value: XXH64 of everything before
/// ```
/// Little-endian throughout.
struct EntryLabel: Equatable {
    /// The extended attribute's name.
    #if canImport(Darwin)
    static let attributeName = "com.attachmentkit.entry"
    #else
    static let attributeName = "user.attachmentkit.entry"
    #endif

    /// The longest name a label records; a longer key's entry is adopted unnamed.
    static let maximumNameByteCount = 1024
    private static let magic: [UInt8] = Array("AKL1".utf8)

    var size: Int64
    var checksum: UInt64
    var written: Int64
    /// The key, when it was recorded.
    var key: ContentKey?

    /// The label's bytes, for the entry of `digest`.
    func encoded(digest: SHA256Digest) -> [UInt8] {
        var bytes = Self.magic
        bytes += digest.bytes.prefix(8)
        for value in [UInt64(bitPattern: size), checksum, UInt64(bitPattern: written)] {
            Self.append(value, to: &bytes)
        }
        let name = key.map(\.storedName).flatMap { $0.count <= Self.maximumNameByteCount ? $0 : nil } ?? []
        bytes += [UInt8(truncatingIfNeeded: name.count), UInt8(truncatingIfNeeded: name.count >> 8)]
        bytes += name
        Self.append(XXH64.hash(bytes), to: &bytes)
        return bytes
    }

    /// The label in `bytes`, if they are an intact label of the entry of `digest` whose file
    /// has `size` bytes (and whose recorded key, if any, has that digest); `nil` otherwise.
    init?(decoding bytes: [UInt8], digest: SHA256Digest, size fileSize: Int64) {
        guard bytes.count >= 46, Array(bytes[0..<4]) == Self.magic,
            Array(bytes[4..<12]) == Array(digest.bytes.prefix(8))
        else { return nil }
        let nameCount = Int(bytes[36]) | Int(bytes[37]) << 8
        guard bytes.count == 46 + nameCount,
            XXH64.hash(Array(bytes[..<(38 + nameCount)])) == Self.load(bytes, 38 + nameCount)
        else { return nil }
        size = Int64(bitPattern: Self.load(bytes, 12))
        checksum = Self.load(bytes, 20)
        written = Int64(bitPattern: Self.load(bytes, 28))
        guard size == fileSize else { return nil }
        if nameCount > 0 {
            // A name that doesn't name this entry means the label is not this file's.
            guard let key = ContentKey(storedName: Array(bytes[38..<(38 + nameCount)])),
                key.storageDigest == digest
            else { return nil }
            self.key = key
        }
    }

    init(size: Int64, checksum: UInt64, written: Int64, key: ContentKey?) {
        self.size = size
        self.checksum = checksum
        self.written = written
        self.key = key
    }

    private static func load(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
