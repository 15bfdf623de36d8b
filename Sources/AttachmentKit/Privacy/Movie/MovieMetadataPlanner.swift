/// Plans the stripping of an ISO media file (MP4, MOV, M4A, 3GP): walks the top-level boxes and,
/// inside `moov`, the user data and metadata of the movie and of each track:
///
/// - `©xyz` (QuickTime user data, and an iTunes-style `ilst` item) and 3GPP `loci` (user data):
///   turned into `free` boxes of the same size, their contents zeroed.
/// - `com.apple.quicktime.location.*` keys of a QuickTime `meta` (`keys`/`ilst`): taken out of the
///   `meta` box, which a `free` box of the bytes it lost follows.
/// - XMP (`XMP_` user data, the XMP `uuid` box): turned into `free`, or its personal properties
///   blanked in place.
///
/// No box changes size and nothing moves, so every chunk offset (`stco`, `co64`) stays right; the
/// samples, the sample tables and each track's display matrix (its rotation) are copied byte for
/// byte. Boxes are nested at most ``ISOMediaInspector/maximumNestingDepth`` deep.
enum MovieMetadataPlanner {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// The `uuid` of Adobe's XMP box.
    static let xmpUUID: [UInt8] = [
        0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
    ]
    /// `©xyz`: QuickTime's user data (and iTunes-style item) holding an ISO 6709 place.
    private static let locationUserData: UInt32 = 0xA978_797A
    /// Boxes whose children are walked.
    private static let containers: Set = ["moov", "trak", "udta", "meta"]
    /// The largest metadata box read or rewritten in memory.
    static let maximumInMemoryLength = 16 << 20

    /// Plans over the top-level boxes up to `topLevelEnd`.
    static func plan(_ reader: inout Reader, _ plan: inout MetadataPlan, topLevelEnd: Int)
        throws(ISOMediaInspector.Error)
    {
        var offset = 0
        // Fewer than 8 bytes after the last box are padding, not a box.
        while topLevelEnd - offset >= 8 {
            let box = try ISOBox(at: offset, parentEnd: topLevelEnd, isTopLevel: true, &reader)
            if box.type == "moov" {
                try walk(box, &reader, &plan)
            } else if box.type == "uuid", box.end - box.payload >= 16, try reader.bytes(at: box.payload, equal: xmpUUID)
            {
                try xmp(box, packetStart: box.payload + 16, &reader, &plan)
            }
            offset = box.end
        }
    }

    /// Walks `moov` with an explicit stack.
    static func walk(_ moov: ISOBox, _ reader: inout Reader, _ plan: inout MetadataPlan) throws(ISOMediaInspector.Error)
    {
        var stack: [(box: ISOBox, next: Int)] = [(moov, moov.payload)]
        while let (parent, next) = stack.last {
            guard parent.end - next >= 8 else {
                stack.removeLast()
                continue
            }
            let box = try ISOBox(at: next, parentEnd: parent.end, isTopLevel: false, &reader)
            stack[stack.count - 1].next = box.end
            var childrenStart = box.payload
            let code = try reader.rawUInt32(at: box.offset + 4, bigEndian: true)
            if parent.type == "udta" || parent.type == "ilst", code == locationUserData || box.type == "loci" {
                plan.note(.videoLocation)
                if plan.removes(.videoLocation) { plan.add(freeing(box), removing: .videoLocation) }
                continue
            } else if parent.type == "udta", box.type == "XMP_" {
                try xmp(box, packetStart: box.payload, &reader, &plan)
                continue
            } else if box.type == "uuid", box.end - box.payload >= 16, try reader.bytes(at: box.payload, equal: xmpUUID)
            {
                try xmp(box, packetStart: box.payload + 16, &reader, &plan)
                continue
            } else if box.type == "meta" {
                let children = try metaChildren(box, &reader)
                if try keys(in: box, children: children, &reader, &plan) { continue }
                childrenStart = children.first?.offset ?? box.end
            } else if !containers.contains(box.type), !(parent.type == "meta" && box.type == "ilst") {
                continue
            }
            guard stack.count < ISOMediaInspector.maximumNestingDepth else {
                throw .nestingTooDeep(reader.format, limit: ISOMediaInspector.maximumNestingDepth)
            }
            stack.append((box, childrenStart))
        }
    }

    /// The edits that turn `box` into a `free` box of the same size, its contents zeroed.
    static func freeing(_ box: ISOBox) -> [ByteEdit] {
        [.replacing(box.offset + 4..<box.offset + 8, with: Array("free".utf8)), .zeroing(box.payload..<box.end)]
    }

    /// An XMP box whose packet starts at `packetStart`.
    private static func xmp(
        _ box: ISOBox, packetStart: Int, _ reader: inout Reader, _ plan: inout MetadataPlan
    ) throws(ISOMediaInspector.Error) {
        let length = box.end - packetStart
        let review =
            length <= maximumInMemoryLength
            ? XMPPacketReview(try reader.prefix(length, from: packetStart), removing: plan.removing)
            : XMPPacketReview(unreadRemoving: plan.removing)
        plan.note(review.found)
        plan.add(
            review.action == .remove ? freeing(box) : review.blankingEdits(packetStart: packetStart),
            removing: review.removed)
    }

    /// The children of a `meta` box, which is a full box in MP4 and a plain one in QuickTime.
    private static func metaChildren(_ meta: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error) -> [ISOBox]
    {
        var plain = false
        if meta.end - meta.payload >= 8 {
            plain = FourCharacterCode.text(try reader.rawUInt32(at: meta.payload + 4, bigEndian: true)) == "hdlr"
        }
        return try ISOBox.children(from: meta.payload + (plain ? 0 : 4), to: meta.end, &reader)
    }

    /// Plans the removal of location keys from a QuickTime `meta`; `true` when it has `keys`.
    private static func keys(
        in meta: ISOBox, children: [ISOBox], _ reader: inout Reader, _ plan: inout MetadataPlan
    ) throws(ISOMediaInspector.Error) -> Bool {
        guard let keysBox = children.first(where: { $0.type == "keys" }),
            let list = children.first(where: { $0.type == "ilst" })
        else { return false }
        let keys = try QuickTimeKeys(keys: keysBox, list: list, &reader)
        let located = keys.locationIndices
        guard !located.isEmpty else { return true }
        plan.note(.videoLocation)
        guard plan.removes(.videoLocation) else { return true }
        guard meta.end - meta.offset <= maximumInMemoryLength else {
            throw .malformed(reader.format, reason: "a meta box of \(meta.end - meta.offset) bytes")
        }
        let bytes = try reader.prefix(meta.end - meta.offset, from: meta.offset)
        let slice = { (range: Range<Int>) in bytes[(range.lowerBound - meta.offset)..<(range.upperBound - meta.offset)]
        }
        let (newKeys, newList) = keys.rewritten(without: located, slice)
        var payload = Array(slice(meta.payload..<(children.first?.offset ?? meta.end)))
        for child in children {
            payload +=
                child.offset == keysBox.offset
                ? newKeys : child.offset == list.offset ? newList : Array(slice(child.offset..<child.end))
        }
        let rebuilt = HEIFMetaRebuilder.box("meta", payload)
        let lost = (meta.end - meta.offset) - rebuilt.count
        guard lost >= 8 else { throw .malformed(reader.format, reason: "a meta box that shrinks by \(lost) bytes") }
        let free = HEIFMetaRebuilder.box("free", [UInt8](repeating: 0, count: lost - 8))
        plan.add(.replacing(meta.offset..<meta.end, with: rebuilt + free), removing: .videoLocation)
        return true
    }
}
