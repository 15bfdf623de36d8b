/// One 12-byte entry of a TIFF directory: tag, type, count, and a value stored in the entry or
/// at an offset in the structure.
struct TIFFEntry {
    /// The tag number.
    let tag: Int
    /// The field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED…).
    let type: Int
    /// How many values of the type.
    let count: UInt32
    /// The absolute offset of the entry's first byte.
    let position: Int

    /// The bytes of one value of each type (1–13), 0 for a type TIFF doesn't define.
    private static let typeSizes = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4]

    /// The bytes of the whole value, or `nil` for a type TIFF doesn't define.
    var byteCount: UInt64? {
        let size = type < Self.typeSizes.count ? Self.typeSizes[type] : 0
        return size == 0 ? nil : UInt64(count) * UInt64(size)
    }
}

extension TIFFStructure {
    /// The entries of `directory`, in order.
    func entries(in directory: Directory, _ reader: inout ByteReader) throws(ImageInspector.Error) -> [TIFFEntry] {
        var entries: [TIFFEntry] = []
        entries.reserveCapacity(directory.entryCount)
        for index in 0..<directory.entryCount {
            let position = base + directory.offset + 2 + index * 12
            entries.append(
                TIFFEntry(
                    tag: try reader.uint16(at: position, bigEndian: isBigEndian),
                    type: try reader.uint16(at: position + 2, bigEndian: isBigEndian),
                    count: try reader.rawUInt32(at: position + 4, bigEndian: isBigEndian), position: position))
        }
        return entries
    }

    /// The absolute range of `entry`'s value when it is stored outside the entry and lies
    /// inside the structure; `nil` for a value in the entry, of an unknown type, or out of bounds.
    func outOfLineValue(of entry: TIFFEntry, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Range<Int>? {
        guard let size = entry.byteCount, size > 4 else { return nil }
        let offset = UInt64(try reader.rawUInt32(at: entry.position + 8, bigEndian: isBigEndian))
        // Both fit in `Int` when they are at most `length`, an `Int`.
        guard offset + size <= UInt64(length), let start = Int(exactly: offset), let end = Int(exactly: offset + size)
        else { return nil }
        return (base + start)..<(base + end)
    }

    /// The absolute range of `directory`: its count, its entries and the next directory's offset.
    func range(of directory: Directory) -> Range<Int> {
        (base + directory.offset)..<(base + directory.offset + 2 + directory.entryCount * 12 + 4)
    }

    /// The structure-relative offset a pointer entry (`ExifIFD`, `GPSInfo`) names.
    func pointer(_ entry: TIFFEntry, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Int {
        try reader.uint32(at: entry.position + 8, bigEndian: isBigEndian)
    }
}
