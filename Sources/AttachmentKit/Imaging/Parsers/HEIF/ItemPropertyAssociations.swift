/// Reads HEIF's item property association box (`ipma`).
enum ItemPropertyAssociations {
    /// The 1-based indices into `ipco` of the properties associated with `item`, in order.
    ///
    /// - Throws: ``ImageInspector/Error/oversizedField(_:field:value:)`` when the entry or
    ///   association counts need more bytes than the box holds.
    static func propertyIndices(
        of item: Int, in box: ISOBox, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> [Int] {
        let version = try reader.uint8(at: box.payload)
        let flags = try reader.uint24(at: box.payload + 1, bigEndian: true)
        let entryCount = try reader.uint32(at: box.payload + 4, bigEndian: true)
        let itemIDSize = version < 1 ? 2 : 4
        let indexSize = flags & 1 == 1 ? 2 : 1
        var cursor = box.payload + 8
        var indices: [Int] = []
        for _ in 0..<entryCount {
            guard itemIDSize + 1 <= box.end - cursor else {
                throw .oversizedField(reader.format, field: "ipma entry count", value: UInt64(entryCount))
            }
            let entryItem =
                itemIDSize == 2
                ? try reader.uint16(at: cursor, bigEndian: true) : try reader.uint32(at: cursor, bigEndian: true)
            let associationCount = try reader.uint8(at: cursor + itemIDSize)
            cursor += itemIDSize + 1
            guard associationCount * indexSize <= box.end - cursor else {
                throw .oversizedField(reader.format, field: "ipma association count", value: UInt64(associationCount))
            }
            if entryItem == item {
                for association in 0..<associationCount {
                    let at = cursor + association * indexSize
                    indices.append(
                        indexSize == 2
                            ? try reader.uint16(at: at, bigEndian: true) & 0x7FFF : try reader.uint8(at: at) & 0x7F)
                }
            }
            cursor += associationCount * indexSize
        }
        return indices
    }
}
