/// Writes a HEIF `meta` box without some items: their `infe` entries out of `iinf`, their
/// entries out of `iloc`, the `iref` references from them (and to them), their `ipma` entries.
/// Every other child, `idat` included, is copied as it is, so that no item's data moves.
struct HEIFMetaRebuilder {
    /// The `meta` box.
    let meta: ISOBox
    /// The `meta` box's bytes, edits inside it already applied.
    let bytes: [UInt8]
    let table: HEIFItemTable
    let links: HEIFItemLinks
    /// The items taken out.
    let removed: Set<Int>

    /// The new `meta` box.
    func rebuild(children: [ISOBox]) -> [UInt8] {
        var payload = Array(slice(meta.payload..<meta.payload + 4))
        for child in children {
            switch child.offset {
            case table.infoBox.offset: payload += info()
            case table.locationBox.offset: payload += location()
            case links.referenceBox?.offset: payload += references(child)
            default:
                payload += child.type == "iprp" ? properties(child) : Array(slice(child.offset..<child.end))
            }
        }
        return Self.box("meta", payload)
    }

    /// A box of `type` around `payload`, with a 32-bit size.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(payload.count + 8, size: 4) + Array(type.utf8) + payload
    }

    /// `value` as `size` big-endian bytes.
    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    private func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[(range.lowerBound - meta.offset)..<(range.upperBound - meta.offset)]
    }

    private func info() -> [UInt8] {
        let box = table.infoBox
        let kept = table.infos.filter { !removed.contains($0.id) }
        let countSize = table.infoVersion == 0 ? 2 : 4
        let count = readBigEndian(box.payload + 4, size: countSize) - (table.infos.count - kept.count)
        var payload = Array(slice(box.payload..<box.payload + 4)) + Self.bigEndian(count, size: countSize)
        for info in kept { payload += slice(info.range) }
        return Self.box("iinf", payload)
    }

    private func location() -> [UInt8] {
        let box = table.locationBox
        let field = table.locationCountField
        let kept = table.locations.filter { !removed.contains($0.id) }
        let count = readBigEndian(field.lowerBound, size: field.count) - (table.locations.count - kept.count)
        var payload = Array(slice(box.payload..<field.lowerBound)) + Self.bigEndian(count, size: field.count)
        for location in kept { payload += slice(location.entry) }
        payload += slice((table.locations.last?.entry.upperBound ?? field.upperBound)..<box.end)
        return Self.box("iloc", payload)
    }

    private func references(_ box: ISOBox) -> [UInt8] {
        let idSize = links.referenceVersion == 0 ? 2 : 4
        var payload = Array(slice(box.payload..<box.payload + 4))
        for reference in links.references where !removed.contains(reference.from) {
            let to = reference.to.filter { !removed.contains($0) }
            if to.count == reference.to.count {
                payload += slice(reference.box.offset..<reference.box.end)
            } else if !to.isEmpty {
                var body = Self.bigEndian(reference.from, size: idSize) + Self.bigEndian(to.count, size: 2)
                for id in to { body += Self.bigEndian(id, size: idSize) }
                payload += Self.box(reference.box.type, body)
            }
        }
        return Self.box("iref", payload)
    }

    private func properties(_ box: ISOBox) -> [UInt8] {
        var payload: [UInt8] = []
        var cursor = box.payload
        for associations in links.associations
        where associations.box.offset >= box.offset && associations.box.end <= box.end {
            payload += slice(cursor..<associations.box.offset)
            let kept = associations.entries.filter { !removed.contains($0.id) }
            var body = Array(slice(associations.box.payload..<associations.box.payload + 4))
            body += Self.bigEndian(kept.count, size: 4)
            for entry in kept { body += slice(entry.range) }
            body += slice(
                (associations.entries.last?.range.upperBound ?? associations.box.payload + 8)..<associations.box.end)
            payload += Self.box("ipma", body)
            cursor = associations.box.end
        }
        payload += slice(cursor..<box.end)
        return Self.box("iprp", payload)
    }

    private func readBigEndian(_ offset: Int, size: Int) -> Int {
        slice(offset..<offset + size).reduce(0) { $0 << 8 | Int($1) }
    }
}
