/// What a plan does with one XMP packet: keep it, blank its personal properties in place, or
/// remove it whole (when the policy removes XMP, or when it can't be read and may hold what the
/// policy removes).
struct XMPPacketReview {
    /// What is done with the packet.
    enum Action: Equatable {
        /// Nothing the policy removes is in it.
        case keep
        /// These bytes of the packet (offsets from its start) are overwritten with spaces.
        case blank([Range<Int>])
        /// The packet goes whole.
        case remove
    }

    /// The kinds the packet carries: ``PersonalMetadata/xmp`` and those of its properties.
    let found: PersonalMetadata
    /// The kinds the action removes.
    let removed: PersonalMetadata
    let action: Action

    /// Reviews the packet `text` for a plan that removes `removing`.
    init(_ text: [UInt8], removing: PersonalMetadata) {
        guard let properties = XMPProperties.personalProperties(in: text) else {
            // Unreadable: assume GPS when it says GPS anywhere, and remove it whole if that or
            // XMP itself is to go.
            found = XMPProperties.mentionsGPS(text) ? [.xmp, .gps] : .xmp
            let goes = !removing.isDisjoint(with: found)
            (removed, action) = goes ? (found, .remove) : ([], .keep)
            return
        }
        found = properties.reduce(into: PersonalMetadata.xmp) { $0.formUnion($1.kind) }
        if removing.contains(.xmp) {
            (removed, action) = (found, .remove)
            return
        }
        let blanked = properties.filter { removing.contains($0.kind) }
        removed = blanked.reduce(into: []) { $0.formUnion($1.kind) }
        action = blanked.isEmpty ? .keep : .blank(blanked.map { $0.range })
    }

    /// Reviews a packet too large to read: it is XMP that may hold any property, so it goes whole
    /// when the policy removes XMP or what XMP can hold.
    init(unreadRemoving removing: PersonalMetadata) {
        found = .xmp
        let goes = !removing.isDisjoint(with: [.xmp, .gps, .identifyingFields])
        (removed, action) = goes ? (.xmp, .remove) : ([], .keep)
    }

    /// Spaces to overwrite `range` with.
    static func spaces(_ range: Range<Int>) -> [UInt8] { [UInt8](repeating: 0x20, count: range.count) }

    /// The edits of a ``Action/blank(_:)`` action on a packet that starts at `start` in the input.
    func blankingEdits(packetStart start: Int) -> [ByteEdit] {
        guard case .blank(let ranges) = action else { return [] }
        return ranges.map { range in
            let shifted = (start + range.lowerBound)..<(start + range.upperBound)
            return .replacing(shifted, with: Self.spaces(range))
        }
    }
}
