/// Reads HEIF's item property association box (`ipma`).
enum ItemPropertyAssociations {
    /// One item's entry: its ID, its bytes, and where its `count` associations of `indexSize`
    /// bytes each start.
    struct Entry {
        let item: Int
        let range: Range<Int>
        let associations: Int
        let count: Int
        let indexSize: Int
    }

    /// The entries of `box`, in order.
    ///
    /// - Throws: ``ImageInspector/Error/oversizedField(_:field:value:)`` when the entry or
    ///   association counts need more bytes than the box holds.
    static func entries(in box: ISOBox, _ reader: inout ByteReader) throws(ImageInspector.Error) -> [Entry] {
        let version = try reader.uint8(at: box.payload)
        let flags = try reader.uint24(at: box.payload + 1, bigEndian: true)
        let entryCount = try reader.uint32(at: box.payload + 4, bigEndian: true)
        let itemIDSize = version < 1 ? 2 : 4
        let indexSize = flags & 1 == 1 ? 2 : 1
        var cursor = box.payload + 8
        var entries: [Entry] = []
        for _ in 0..<entryCount {
            guard itemIDSize + 1 <= box.end - cursor else {
                throw .oversizedField(reader.format, field: "ipma entry count", value: UInt64(entryCount))
            }
            let entryItem =
                itemIDSize == 2
                ? try reader.uint16(at: cursor, bigEndian: true) : try reader.uint32(at: cursor, bigEndian: true)
            let associationCount = try reader.uint8(at: cursor + itemIDSize)
            let associations = cursor + itemIDSize + 1
            guard associationCount * indexSize <= box.end - associations else {
                throw .oversizedField(reader.format, field: "ipma association count", value: UInt64(associationCount))
            }
            let end = associations + associationCount * indexSize
            entries.append(
                Entry(
                    item: entryItem, range: cursor..<end, associations: associations, count: associationCount,
                    indexSize: indexSize))
            cursor = end
        }
        return entries
    }

    /// The 1-based indices into `ipco` of the properties associated with `item`, in order.
    ///
    /// - Throws: As ``entries(in:_:)``.
    static func propertyIndices(
        of item: Int, in box: ISOBox, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> [Int] {
        var indices: [Int] = []
        for entry in try entries(in: box, &reader) where entry.item == item {
            for association in 0..<entry.count {
                let at = entry.associations + association * entry.indexSize
                indices.append(
                    entry.indexSize == 2
                        ? try reader.uint16(at: at, bigEndian: true) & 0x7FFF : try reader.uint8(at: at) & 0x7F)
            }
        }
        return indices
    }
}
