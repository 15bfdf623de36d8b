/// Plans the stripping of a HEIF, HEIC or AVIF file, through its `meta` box:
///
/// - `Exif` items: personal tags removed in place (``TIFFMetadataEditor``), wherever the item's
///   bytes are (`mdat` or `idat`); the item stays, with the orientation tags and the copyright.
/// - XMP items (`mime`, `application/rdf+xml`): removed from `iinf`, `iloc`, `iref` and `ipma`
///   (``HEIFMetaRebuilder``) and their bytes zeroed, or their personal properties blanked in place.
///
/// A `meta` box made smaller is followed by a top-level `free` box of the bytes it lost, so that
/// every offset in the file (`iloc`'s, and an image sequence's `stco`) stays right; no `iloc`
/// entry is rewritten. The image items, their properties (`irot`, `imir`, `colr`) and the media
/// data are copied byte for byte. Every item's extents must lie inside the file.
enum HEIFMetadataPlanner {
    /// The largest `meta` box rewritten in memory, and the largest item read into memory.
    static let maximumInMemoryLength = 16 << 20

    static func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        let format = reader.format
        var meta: ISOBox?
        var offset = 0
        // Every top-level box is walked: one that runs past the end is a cut file.
        while offset < reader.count {
            let box = try ISOBox(at: offset, parentEnd: reader.count, isTopLevel: true, &reader)
            if box.type == "meta", meta == nil { meta = box }
            offset = box.end
        }
        guard let meta else { throw .malformed(format, reason: "there is no meta box") }
        let children = try ISOBox.children(from: meta.payload + 4, to: meta.end, &reader)
        func child(_ type: String) -> ISOBox? { children.first { $0.type == type } }
        guard let info = child("iinf"), let location = child("iloc") else { return }
        let table = try HEIFItemTable(info: info, location: location, dataBox: child("idat"), &reader)
        var removedItems: Set<Int> = []
        var removedKinds: PersonalMetadata = []
        for item in table.infos {
            if item.type == "Exif" {
                try exif(item, table, &reader, &plan)
            } else if item.type == "mime", item.contentType == "application/rdf+xml",
                let kinds = try xmp(item, table, &reader, &plan)
            {
                removedItems.insert(item.id)
                removedKinds.formUnion(kinds)
            }
        }
        guard !removedItems.isEmpty else { return }
        let links = try HEIFItemLinks(references: child("iref"), properties: child("iprp"), &reader)
        try remove(removedItems, removing: removedKinds, from: meta, children: children, table, links, &reader, &plan)
    }

    /// The ranges of an item's bytes, which this reader must be able to locate.
    private static func extents(
        of item: HEIFItemTable.Info, _ table: HEIFItemTable, _ reader: ByteReader
    ) throws(ImageInspector.Error) -> [Range<Int>] {
        guard let extents = table.location(of: item)?.extents else {
            throw .unsupported(reader.format, feature: "a \(item.type) item \(item.id) stored outside the file's boxes")
        }
        return extents
    }

    /// An `Exif` item: its TIFF structure edited in place.
    private static func exif(
        _ item: HEIFItemTable.Info, _ table: HEIFItemTable, _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) {
        let extents = try extents(of: item, table, reader)
        // The payload starts with the offset of the TIFF header from the end of that field.
        if extents.count == 1, let extent = extents.first {
            guard extent.count >= 4 else { return }
            let skip = try reader.uint32(at: extent.lowerBound, bigEndian: true)
            guard skip <= extent.count - 4 else {
                throw .malformed(reader.format, reason: "the Exif item \(item.id) has a TIFF header offset of \(skip)")
            }
            // apple-compat: allow int32-trap (skip <= extent.count - 4, checked above)
            let base = extent.lowerBound + 4 + skip
            try TIFFMetadataEditor.plan(at: base, length: extent.count - 4 - skip, &reader, &plan)
            return
        }
        let bytes = try gather(extents, &reader)
        guard bytes.count >= 4 else { return }
        let field = bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let skip = Int(exactly: field), skip <= bytes.count - 4 else {
            throw .malformed(reader.format, reason: "the Exif item \(item.id) has a TIFF header offset of \(field)")
        }
        let edited = try InMemoryEdit.apply(to: bytes, format: reader.format, removing: plan.removing) {
            (reader, plan) throws(ImageInspector.Error) in
            // apple-compat: allow int32-trap (skip <= bytes.count - 4, checked above)
            try TIFFMetadataEditor.plan(at: 4 + skip, length: bytes.count - 4 - skip, &reader, &plan)
        }
        plan.note(edited.found)
        var start = 0
        var edits: [ByteEdit] = []
        for extent in extents {
            let piece = Array(edited.bytes[start..<start + extent.count])
            if piece != Array(bytes[start..<start + extent.count]) { edits.append(.replacing(extent, with: piece)) }
            start += extent.count
        }
        plan.add(edits, removing: edited.removed)
    }

    /// An XMP item: the kinds it holds when it is removed whole, `nil` when it stays (its personal
    /// properties blanked).
    private static func xmp(
        _ item: HEIFItemTable.Info, _ table: HEIFItemTable, _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) -> PersonalMetadata? {
        let extents = try extents(of: item, table, reader)
        let length = extents.reduce(0) { $0 + $1.count }
        let review =
            length <= maximumInMemoryLength
            ? XMPPacketReview(try gather(extents, &reader), removing: plan.removing)
            : XMPPacketReview(unreadRemoving: plan.removing)
        plan.note(review.found)
        switch review.action {
        case .keep:
            return nil
        case .remove:
            // An item without bytes goes too: the meta box's rewrite removes it.
            plan.add(extents.map(ByteEdit.zeroing), removing: review.removed)
            return review.removed
        case .blank(let ranges):
            var edits: [ByteEdit] = []
            var start = 0
            for extent in extents {
                for range in ranges {
                    let overlap = range.clamped(to: start..<start + extent.count)
                    guard !overlap.isEmpty else { continue }
                    let at = extent.lowerBound + overlap.lowerBound - start
                    edits.append(.replacing(at..<at + overlap.count, with: XMPPacketReview.spaces(overlap)))
                }
                start += extent.count
            }
            plan.add(edits, removing: review.removed)
            return nil
        }
    }

    /// The bytes of `extents`, in order.
    private static func gather(_ extents: [Range<Int>], _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> [UInt8]
    {
        let length = extents.reduce(0) { $0 + $1.count }
        guard length <= maximumInMemoryLength else {
            throw .unsupported(reader.format, feature: "a metadata item of \(length) bytes")
        }
        var bytes: [UInt8] = []
        for extent in extents { bytes += try reader.prefix(extent.count, from: extent.lowerBound) }
        return bytes
    }

    /// Rewrites `meta` without `items`, which hold `kinds`, followed by a `free` box of the bytes
    /// it lost.
    private static func remove(
        _ items: Set<Int>, removing kinds: PersonalMetadata, from meta: ISOBox, children: [ISOBox],
        _ table: HEIFItemTable, _ links: HEIFItemLinks,
        _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) {
        let format = reader.format
        let metaRange = meta.offset..<meta.end
        guard metaRange.count <= maximumInMemoryLength else {
            throw .unsupported(format, feature: "a meta box of \(metaRange.count) bytes")
        }
        if let primary = children.first(where: { $0.type == "pitm" }) {
            let idSize = try reader.uint8(at: primary.payload) == 0 ? 2 : 4
            if items.contains(try reader.uint32OrShorter(at: primary.payload + 4, size: idSize)) {
                throw .malformed(format, reason: "the primary item is an XMP packet")
            }
        }
        // Data addressed from the file's start inside `meta` would move with the boxes before
        // it; data addressed inside `idat` moves with `idat`.
        for location in table.locations where !location.isInDataBox && !items.contains(location.id) {
            if let extent = location.extents?.first(where: { $0.overlaps(metaRange) }) {
                throw .unsupported(format, feature: "item data inside the meta box (bytes \(extent))")
            }
        }
        var bytes = try reader.prefix(metaRange.count, from: meta.offset)
        let inside = plan.takeEdits {
            metaRange.contains($0.range.lowerBound) && $0.range.upperBound <= metaRange.upperBound
        }
        guard let sorted = ByteEdit.sorted(inside) else {
            throw .malformed(format, reason: "two metadata items share bytes")
        }
        ByteEdit.apply(sorted, to: &bytes, start: meta.offset)
        let rebuilt = HEIFMetaRebuilder(meta: meta, bytes: bytes, table: table, links: links, removed: items)
            .rebuild(children: children)
        let lost = metaRange.count - rebuilt.count
        guard lost >= 8 else { throw .unsupported(format, feature: "a meta box that shrinks by \(lost) bytes") }
        let free = HEIFMetaRebuilder.box("free", [UInt8](repeating: 0, count: lost - 8))
        plan.add(.replacing(metaRange, with: rebuilt + free), removing: kinds)
    }
}
