/// What links a HEIF item to others: the references of `iref` (an XMP item's `cdsc` to the image
/// it describes) and the property associations of `ipma`, each entry with its bytes, so that an
/// item's links can be taken out.
struct HEIFItemLinks {
    /// One reference box of `iref`: from one item to others.
    struct Reference {
        let box: ISOBox
        let from: Int
        let to: [Int]
    }

    /// One `ipma` box and the bytes of each item's entry.
    struct Associations {
        let box: ISOBox
        let entries: [(id: Int, range: Range<Int>)]
    }

    let referenceBox: ISOBox?
    /// `iref`'s version: item IDs are 16 bits in version 0, 32 in version 1.
    let referenceVersion: Int
    let references: [Reference]
    let associations: [Associations]

    /// Reads `iref` and every `ipma` of `iprp` (both optional).
    init(references box: ISOBox?, properties: ISOBox?, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        referenceBox = box
        var references: [Reference] = []
        var version = 0
        if let box {
            version = try reader.uint8(at: box.payload)
            let idSize = version == 0 ? 2 : 4
            for child in try ISOBox.children(from: box.payload + 4, to: box.end, &reader) {
                let count = try reader.uint16(at: child.payload + idSize, bigEndian: true)
                guard idSize + 2 + count * idSize <= child.end - child.payload else {
                    throw .oversizedField(reader.format, field: "iref reference count", value: UInt64(count))
                }
                let from = try reader.uint32OrShorter(at: child.payload, size: idSize)
                var to: [Int] = []
                for index in 0..<count {
                    to.append(try reader.uint32OrShorter(at: child.payload + idSize + 2 + index * idSize, size: idSize))
                }
                references.append(Reference(box: child, from: from, to: to))
            }
        }
        referenceVersion = version
        self.references = references
        var associations: [Associations] = []
        if let properties {
            for child in try ISOBox.children(from: properties.payload, to: properties.end, &reader)
            where child.type == "ipma" {
                associations.append(try Self.associations(child, &reader))
            }
        }
        self.associations = associations
    }

    /// Reads an `ipma` box's entries.
    private static func associations(_ box: ISOBox, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> Associations
    {
        let entries = try ItemPropertyAssociations.entries(in: box, &reader)
        return Associations(box: box, entries: entries.map { ($0.item, $0.range) })
    }
}

extension BoundedByteReader {
    /// The big-endian unsigned integer of `size` bytes (2 or 4) at `offset`.
    mutating func uint32OrShorter(at offset: Int, size: Int) throws(Failure) -> Int {
        size == 2 ? try uint16(at: offset, bigEndian: true) : try uint32(at: offset, bigEndian: true)
    }
}
