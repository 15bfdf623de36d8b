/// A JPEG's extended XMP: an XMP packet too large for one segment, split over `APP1` segments
/// that each carry the packet's GUID (32 hex digits), its full length, the offset of their piece
/// and the piece.
///
/// Removing XMP removes every segment. Otherwise, when the policy removes properties XMP can hold,
/// each packet is put together in memory (at most ``maximumLength`` bytes), its properties found,
/// and the bytes that hold them blanked in the segments they came from; a packet whose pieces don't
/// add up, or that is too large, is removed whole.
struct ExtendedXMP {
    /// The largest packet put together.
    static let maximumLength = 16 << 20

    /// One segment: where it is in the file and which piece of which packet it holds.
    struct Piece {
        let segment: Range<Int>
        let guid: [UInt8]
        let fullLength: Int
        let offset: Int
        /// Where the piece's bytes are in the file.
        let bytes: Range<Int>
    }

    /// Whether the segments keep their lengths (an MPF secondary image's): blanked, not removed.
    let inPlace: Bool
    private(set) var pieces: [Piece] = []

    /// Adds the segment at `segment`, whose payload after the identifier starts at `payload`.
    mutating func add(_ segment: Range<Int>, payload: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) {
        guard segment.upperBound - payload >= 40 else {
            throw .malformed(.jpeg, reason: "the extended XMP segment at byte \(segment.lowerBound) is too short")
        }
        pieces.append(
            Piece(
                segment: segment, guid: try reader.prefix(32, from: payload),
                fullLength: try reader.comparedUInt32(at: payload + 32, bigEndian: true),
                offset: try reader.comparedUInt32(at: payload + 36, bigEndian: true),
                bytes: (payload + 40)..<segment.upperBound
            ))
    }

    /// Plans what happens to the pieces added.
    func plan(_ reader: inout ByteReader, _ plan: inout MetadataPlan) throws(ImageInspector.Error) {
        guard !pieces.isEmpty else { return }
        plan.note(.xmp)
        if plan.removes(.xmp), !inPlace {
            plan.add(pieces.map { .removal($0.segment) }, removing: .xmp)
            return
        }
        guard plan.removes([.gps, .identifyingFields]) else { return }
        var packets: [[UInt8]: [Piece]] = [:]
        for piece in pieces { packets[piece.guid, default: []].append(piece) }
        for (_, group) in packets.sorted(by: { $0.value[0].segment.lowerBound < $1.value[0].segment.lowerBound }) {
            let removing = inPlace ? plan.removing.subtracting(.xmp) : plan.removing
            let whole = group.map { piece in
                inPlace
                    ? .replacing(piece.bytes, with: XMPPacketReview.spaces(piece.bytes))
                    : ByteEdit.removal(piece.segment)
            }
            guard let packet = try assemble(group, &reader) else {
                let review = XMPPacketReview(unreadRemoving: removing)
                if review.action == .remove { plan.add(whole, removing: review.removed) }
                continue
            }
            let review = XMPPacketReview(packet, removing: removing)
            plan.note(review.found)
            switch review.action {
            case .keep: break
            case .remove: plan.add(whole, removing: review.removed)
            case .blank(let ranges): plan.add(edits(blanking: ranges, in: group), removing: review.removed)
            }
        }
    }

    /// The packet whose pieces are `group`, or `nil` when they don't cover it exactly once.
    private func assemble(_ group: [Piece], _ reader: inout ByteReader) throws(ImageInspector.Error) -> [UInt8]? {
        let sorted = group.sorted { $0.offset < $1.offset }
        let fullLength = sorted[0].fullLength
        guard fullLength <= Self.maximumLength, sorted.allSatisfy({ $0.fullLength == fullLength }) else { return nil }
        var packet: [UInt8] = []
        for piece in sorted {
            guard piece.offset == packet.count else { return nil }
            packet += try reader.prefix(piece.bytes.count, from: piece.bytes.lowerBound)
        }
        return packet.count == fullLength ? packet : nil
    }

    /// The edits that blank `ranges` of the packet (packet offsets) in the segments holding them.
    private func edits(blanking ranges: [Range<Int>], in group: [Piece]) -> [ByteEdit] {
        var edits: [ByteEdit] = []
        for range in ranges {
            for piece in group {
                let held = piece.offset..<(piece.offset + piece.bytes.count)
                let overlap = range.clamped(to: held)
                guard !overlap.isEmpty else { continue }
                let start = piece.bytes.lowerBound + overlap.lowerBound - piece.offset
                edits.append(.replacing(start..<start + overlap.count, with: XMPPacketReview.spaces(overlap)))
            }
        }
        return edits
    }
}
