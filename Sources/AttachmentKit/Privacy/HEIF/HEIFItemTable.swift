/// The item information (`iinf`) and item location (`iloc`) boxes of a HEIF `meta` box: which
/// items there are, of which type, and where each one's bytes are.
struct HEIFItemTable {
    /// One item's information entry (`infe`).
    struct Info {
        let id: Int
        /// The item type (`hvc1`, `grid`, `Exif`, `mime`…).
        let type: String
        /// The MIME type of a `mime` item (`application/rdf+xml` for XMP).
        let contentType: String?
        /// The `infe` box.
        let range: Range<Int>
    }

    /// One item's location entry.
    struct Location {
        let id: Int
        /// The absolute ranges of the item's bytes, in order; `nil` for data this reader doesn't
        /// locate (in another item, or in another file).
        let extents: [Range<Int>]?
        /// Whether the extents are offsets into `idat` (construction method 1), which move with it.
        let isInDataBox: Bool
        /// The entry's bytes in `iloc`.
        let entry: Range<Int>
    }

    let infoBox: ISOBox
    let infoVersion: Int
    let infos: [Info]
    let locationBox: ISOBox
    /// Where `iloc`'s item count is, and how many bytes it takes.
    let locationCountField: Range<Int>
    let locations: [Location]

    /// The item whose information is `info`'s location.
    func location(of info: Info) -> Location? { locations.first { $0.id == info.id } }

    /// Reads `iinf` and `iloc`; `dataBox` is the `idat` box that construction method 1 addresses.
    init(info: ISOBox, location: ISOBox, dataBox: ISOBox?, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        infoBox = info
        infoVersion = try reader.uint8(at: info.payload)
        let countSize = infoVersion == 0 ? 2 : 4
        var infos: [Info] = []
        for box in try ISOBox.children(from: info.payload + 4 + countSize, to: info.end, &reader)
        where box.type == "infe" {
            infos.append(try Self.info(box, &reader))
        }
        self.infos = infos
        locationBox = location
        let parsed = try LocationReader(box: location, dataBox: dataBox, &reader)
        locationCountField = parsed.countField
        locations = parsed.locations
    }

    /// Reads an `infe` box.
    private static func info(_ box: ISOBox, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Info {
        let version = try reader.uint8(at: box.payload)
        guard version >= 2 else {
            // Versions 0 and 1 describe MIME items only: ID, protection, name, content type.
            let id = try reader.uint16(at: box.payload + 4, bigEndian: true)
            return Info(id: id, type: "mime", contentType: nil, range: box.offset..<box.end)
        }
        let idSize = version == 2 ? 2 : 4
        let id = try reader.unsigned(at: box.payload + 4, byteCount: idSize, bigEndian: true)
        let typeOffset = box.payload + 4 + idSize + 2
        let type = FourCharacterCode.text(try reader.rawUInt32(at: typeOffset, bigEndian: true))
        var contentType: String?
        if type == "mime" {
            let strings = try reader.prefix(min(box.end - typeOffset - 4, 512), from: typeOffset + 4)
            let parts = strings.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count >= 2 { contentType = String(decoding: parts[1], as: UTF8.self) }
        }
        guard let itemID = Int(exactly: id) else { throw .oversizedField(reader.format, field: "item ID", value: id) }
        return Info(id: itemID, type: type, contentType: contentType, range: box.offset..<box.end)
    }
}

/// Reads the entries of an `iloc` box.
private struct LocationReader {
    var countField: Range<Int>
    var locations: [HEIFItemTable.Location] = []

    init(box: ISOBox, dataBox: ISOBox?, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        let format = reader.format
        let version = try reader.uint8(at: box.payload)
        guard version <= 2 else { throw .unsupported(format, feature: "iloc version \(version)") }
        let sizes = try reader.uint16(at: box.payload + 4, bigEndian: true)
        let (offsetSize, lengthSize, baseSize) = (sizes >> 12, sizes >> 8 & 0xF, sizes >> 4 & 0xF)
        let indexSize = version == 0 ? 0 : sizes & 0xF
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy([0, 4, 8].contains) else {
            throw .malformed(format, reason: "iloc field sizes \(offsetSize), \(lengthSize), \(baseSize), \(indexSize)")
        }
        let idSize = version < 2 ? 2 : 4
        countField = (box.payload + 6)..<(box.payload + 6 + idSize)
        let itemCount = try reader.unsigned(at: countField.lowerBound, byteCount: idSize, bigEndian: true)
        var cursor = countField.upperBound
        let field = Field(end: box.end)
        // Each entry is read whole before any field is converted to `Int` or checked, so that a
        // value a 32-bit `Int` refuses, or an extent past the end, stops the walk after the same
        // reads with either width.
        for _ in 0..<itemCount {
            let start = cursor
            let rawID = try field.read(idSize, at: &cursor, &reader)
            // 16-bit fields: `truncatingIfNeeded` keeps every value.
            let method = version == 0 ? 0 : Int(truncatingIfNeeded: try field.read(2, at: &cursor, &reader) & 0xF)
            let dataReference = Int(truncatingIfNeeded: try field.read(2, at: &cursor, &reader))
            let rawBase = try field.read(baseSize, at: &cursor, &reader)
            let extentCount = Int(truncatingIfNeeded: try field.read(2, at: &cursor, &reader))
            var rawExtents: [(offset: UInt64, length: UInt64)] = []
            for _ in 0..<extentCount {
                _ = try field.read(indexSize, at: &cursor, &reader)
                let offset = try field.read(offsetSize, at: &cursor, &reader)
                rawExtents.append((offset, try field.read(lengthSize, at: &cursor, &reader)))
            }
            let id = try field.integer(rawID, &reader)
            // Data in another item or file has no extents here, whatever its offsets say, and a
            // base offset matters only to the extents added to it.
            var extents: [Range<Int>]?
            if method <= 1, dataReference == 0 {
                var located: [Range<Int>] = []
                for raw in rawExtents {
                    located.append(
                        try Self.extent(
                            inDataBox: method == 1, base: try field.integer(rawBase, &reader),
                            offset: try field.integer(raw.offset, &reader),
                            length: try field.integer(raw.length, &reader),
                            dataBox: dataBox, id: id, &reader))
                }
                extents = located
            }
            locations.append(.init(id: id, extents: extents, isInDataBox: method == 1, entry: start..<cursor))
        }
    }

    /// Reads fixed-size fields of `iloc` without passing its end.
    struct Field {
        let end: Int

        /// The `size`-byte field at `cursor` (0 for a size of 0), which moves past it.
        func read(_ size: Int, at cursor: inout Int, _ reader: inout ByteReader) throws(ImageInspector.Error) -> UInt64
        {
            guard size > 0 else { return 0 }
            guard size <= end - cursor else {
                throw .oversizedField(reader.format, field: "iloc item count", value: UInt64(end - cursor))
            }
            let value = try reader.unsigned(at: cursor, byteCount: size, bigEndian: true)
            cursor += size
            return value
        }

        /// `value` as an `Int`, or an error where it doesn't fit in one.
        func integer(_ value: UInt64, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Int {
            guard let result = Int(exactly: value) else {
                throw .oversizedField(reader.format, field: "iloc field", value: value)
            }
            return result
        }
    }

    /// The absolute range of one extent, checked against the file (construction method 0) or
    /// the `idat` box (method 1). A length of 0 means "to the end".
    static func extent(
        inDataBox: Bool, base: Int, offset: Int, length: Int, dataBox: ISOBox?, id: Int, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> Range<Int> {
        let (origin, limit): (Int, Int)
        if inDataBox {
            guard let dataBox else {
                throw .malformed(reader.format, reason: "item \(id) is in an idat box there isn't")
            }
            (origin, limit) = (dataBox.payload, dataBox.end)
        } else {
            (origin, limit) = (0, reader.count)
        }
        let start = try reader.end(
            of: try reader.end(of: origin, length: base, field: "iloc base offset"), length: offset,
            field: "iloc extent offset")
        guard start <= limit else {
            throw .malformed(reader.format, reason: "item \(id) starts at byte \(start), past the end (\(limit))")
        }
        let end = length == 0 ? limit : try reader.end(of: start, length: length, field: "iloc extent length")
        guard end <= limit else {
            throw .malformed(reader.format, reason: "item \(id) runs to byte \(end), past the end (\(limit))")
        }
        return start..<end
    }
}
