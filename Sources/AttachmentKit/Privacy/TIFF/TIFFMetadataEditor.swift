/// Removes personal tags from a TIFF structure in place: a TIFF file, or the EXIF block of a JPEG
/// (`APP1`), PNG (`eXIf`), WebP (`EXIF`) or HEIF (`Exif` item).
///
/// The structure keeps its length and every offset in it stays valid, so the EXIF thumbnail and
/// every kept tag are untouched: a removed entry is taken out of its directory (the entries after
/// it move up, the count drops, the freed 12 bytes become zeros), and its value, when stored
/// outside the entry, is overwritten with zeros. Removing GPS takes the `GPSInfo` pointer out of
/// IFD0 and zeroes the GPS directory and its values. Bytes a kept structure also uses (only a
/// crafted file shares them) are not zeroed, and a directory or XMP packet that would be rewritten
/// while another kept structure shares its bytes makes the plan throw: the rewrite would change
/// what that structure reads.
///
/// Walked: the IFD chain from IFD0 (at most 64 directories, each once), each one's EXIF and GPS
/// directories. A GPS directory holding nothing but `GPSVersionID`, and a text field holding only
/// spaces or NULs, are not personal and stay.
enum TIFFMetadataEditor {
    /// The most directories walked.
    static let maximumDirectoryCount = 64
    /// The largest XMP packet (TIFF tag 700) read to blank its properties; a larger one is removed
    /// whole when the policy removes what it may hold.
    static let maximumPacketSize = 16 << 20

    /// Plans the removal of personal tags from the structure at `base`, `length` bytes long.
    static func plan(
        at base: Int, length: Int, _ reader: inout ByteReader, _ plan: inout MetadataPlan
    ) throws(ImageInspector.Error) {
        var walk = Walk(structure: try TIFFStructure(&reader, base: base, length: length))
        var next: Int? = walk.structure.firstDirectoryOffset
        while let offset = next {
            let directory = try walk.enter(offset, &reader)
            try walk.edit(directory, &reader, &plan)
            next = try walk.structure.nextDirectoryOffset(after: directory, &reader)
        }
        try walk.checkEditsSpareKeptStructures(reader.format)
        let edits = walk.edits.map { $0.edit }
        let zeroing = ByteRanges.subtracting(walk.kept + edits.map { $0.range }, from: walk.zeroed)
        plan.add(edits + zeroing.map(ByteEdit.zeroing), removing: walk.removed)
    }

    /// The state of one structure's walk.
    private struct Walk {
        let structure: TIFFStructure
        var visited: Set<Int> = []
        /// Bytes of removed values, to zero.
        var zeroed: [Range<Int>] = []
        /// Bytes of kept structures and values, never zeroed.
        var kept: [Range<Int>] = []
        /// Directory rewrites and XMP blanking, each with the kept range it changes (the directory's
        /// table, the packet).
        var edits: [(edit: ByteEdit, within: Range<Int>)] = []
        var removed: PersonalMetadata = []

        init(structure: TIFFStructure) {
            self.structure = structure
            // The header (byte order, magic number, first directory) is never zeroed.
            kept = [structure.base..<structure.base + 8]
        }

        /// The directory at `offset`, visited for the first time.
        mutating func enter(_ offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error)
            -> TIFFStructure.Directory
        {
            guard visited.insert(offset).inserted else { throw .loop(reader.format, offset: structure.base + offset) }
            guard visited.count <= maximumDirectoryCount else {
                throw .malformed(reader.format, reason: "more than \(maximumDirectoryCount) TIFF directories")
            }
            return try structure.directory(at: offset, &reader)
        }

        /// Plans the removals in `directory` and the directories it points to.
        mutating func edit(
            _ directory: TIFFStructure.Directory, _ reader: inout ByteReader, _ plan: inout MetadataPlan
        ) throws(ImageInspector.Error) {
            let entries = try structure.entries(in: directory, &reader)
            var removedIndices: Set<Int> = []
            for (index, entry) in entries.enumerated() {
                let goes: Bool
                switch entry.tag {
                case TIFFPersonalTags.exifDirectory:
                    try edit(try enter(structure.pointer(entry, &reader), &reader), &reader, &plan)
                    goes = false
                case TIFFPersonalTags.interoperabilityDirectory:
                    if let table = try? structure.directory(at: structure.pointer(entry, &reader), &reader) {
                        kept.append(structure.range(of: table))
                    }
                    goes = false
                case TIFFPersonalTags.gpsDirectory:
                    goes = try gps(entry, &reader, &plan)
                case TIFFPersonalTags.xmp:
                    goes = try xmp(entry, &reader, &plan)
                default:
                    goes = try personalField(entry, &reader, &plan)
                }
                if goes {
                    removedIndices.insert(index)
                    zeroed += try structure.outOfLineValue(of: entry, &reader).map { [$0] } ?? []
                } else if let value = try structure.outOfLineValue(of: entry, &reader) {
                    kept.append(value)
                }
            }
            kept.append(structure.range(of: directory))
            if let thumbnail = try thumbnail(in: directory, &reader) { kept.append(thumbnail) }
            if !removedIndices.isEmpty { try rewrite(directory, entries, without: removedIndices, &reader) }
        }

        /// Whether a GPS pointer goes: it does when its directory holds a place and GPS is removed.
        private mutating func gps(
            _ entry: TIFFEntry, _ reader: inout ByteReader, _ plan: inout MetadataPlan
        ) throws(ImageInspector.Error) -> Bool {
            let directory = try enter(structure.pointer(entry, &reader), &reader)
            let entries = try structure.entries(in: directory, &reader)
            var values: [Range<Int>] = []
            for entry in entries {
                if let value = try structure.outOfLineValue(of: entry, &reader) { values.append(value) }
            }
            let table = structure.range(of: directory).clamped(to: structure.base..<structure.base + structure.length)
            guard entries.contains(where: { $0.tag != TIFFPersonalTags.gpsVersion }) else {
                kept += [table] + values
                return false
            }
            plan.note(.gps)
            guard plan.removes(.gps) else {
                kept += [table] + values
                return false
            }
            zeroed += [table] + values
            removed.insert(.gps)
            return true
        }

        /// Whether an XMP packet goes whole; its personal properties are blanked when it stays.
        private mutating func xmp(
            _ entry: TIFFEntry, _ reader: inout ByteReader, _ plan: inout MetadataPlan
        ) throws(ImageInspector.Error) -> Bool {
            guard let value = try structure.outOfLineValue(of: entry, &reader), value.count <= maximumPacketSize else {
                let review = XMPPacketReview(unreadRemoving: plan.removing)
                plan.note(review.found)
                guard review.action == .remove else { return false }
                removed.formUnion(review.removed)
                return true
            }
            let review = XMPPacketReview(
                try reader.prefix(value.count, from: value.lowerBound), removing: plan.removing)
            plan.note(review.found)
            removed.formUnion(review.removed)
            edits += review.blankingEdits(packetStart: value.lowerBound).map { ($0, value) }
            return review.action == .remove
        }

        /// Whether a field that is personal by its tag goes: when it holds something and its kind
        /// is removed.
        private mutating func personalField(
            _ entry: TIFFEntry, _ reader: inout ByteReader, _ plan: inout MetadataPlan
        ) throws(ImageInspector.Error) -> Bool {
            guard let kind = TIFFPersonalTags.kinds[entry.tag], try !isBlank(entry, &reader) else { return false }
            plan.note(kind)
            guard plan.removes(kind) else { return false }
            removed.formUnion(kind)
            return true
        }

        /// Whether a text or byte field holds only spaces and NULs (`UserComment` after its
        /// 8-byte character code): an empty field cameras write, which says nothing.
        private func isBlank(_ entry: TIFFEntry, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Bool {
            guard [1, 2, 7].contains(entry.type), let size = entry.byteCount, size <= TIFFPersonalTags.blankCheckLimit
            else { return false }
            let bytes: [UInt8]
            if size <= 4 {
                bytes = try reader.prefix(Int(truncatingIfNeeded: size), from: entry.position + 8)
            } else if let value = try structure.outOfLineValue(of: entry, &reader) {
                bytes = try reader.prefix(value.count, from: value.lowerBound)
            } else {
                return false
            }
            let text = entry.tag == TIFFPersonalTags.userComment ? bytes.dropFirst(8) : bytes[...]
            return text.allSatisfy { $0 == 0 || $0 == 0x20 }
        }

        /// The EXIF thumbnail's bytes (IFD1's `JPEGInterchangeFormat` and its length).
        private func thumbnail(
            in directory: TIFFStructure.Directory, _ reader: inout ByteReader
        ) throws(ImageInspector.Error) -> Range<Int>? {
            guard let start = try structure.value(of: .jpegInterchangeFormat, in: directory, &reader),
                let count = try structure.value(of: .jpegInterchangeFormatLength, in: directory, &reader),
                UInt64(start) + UInt64(count) <= UInt64(structure.length),
                let first = Int(exactly: start), let length = Int(exactly: count)
            else { return nil }
            return (structure.base + first)..<(structure.base + first + length)
        }

        /// Replaces `directory` by one without the entries at `removedIndices`: the kept entries
        /// in order, the next directory's offset after them, zeros where the last entries were.
        private mutating func rewrite(
            _ directory: TIFFStructure.Directory, _ entries: [TIFFEntry], without removedIndices: Set<Int>,
            _ reader: inout ByteReader
        ) throws(ImageInspector.Error) {
            let table = structure.range(of: directory)
            guard table.upperBound <= structure.base + structure.length else {
                throw .malformed(
                    reader.format, reason: "the TIFF directory at byte \(table.lowerBound) has no next offset")
            }
            let keptCount = entries.count - removedIndices.count
            var bytes =
                structure.isBigEndian
                ? [UInt8(keptCount >> 8), UInt8(keptCount & 0xFF)] : [UInt8(keptCount & 0xFF), UInt8(keptCount >> 8)]
            for (index, entry) in entries.enumerated() where !removedIndices.contains(index) {
                bytes += try reader.prefix(12, from: entry.position)
            }
            bytes += try reader.prefix(4, from: table.upperBound - 4)
            bytes += [UInt8](repeating: 0, count: 12 * removedIndices.count)
            edits.append((.replacing(table, with: bytes), table))
        }

        /// Throws when an edit changes bytes that a kept structure other than its own also reads
        /// (a directory inside another's value, say): stripping the output again would read
        /// something else. Only a crafted file shares bytes this way.
        func checkEditsSpareKeptStructures(_ format: ImageInspector.Error.Subject) throws(ImageInspector.Error) {
            for (edit, within) in edits {
                if let shared = kept.first(where: { $0 != within && $0.overlaps(edit.range) }) {
                    throw .malformed(
                        format,
                        reason: "the TIFF bytes at \(edit.range.lowerBound) that stripping rewrites are shared "
                            + "with the structure at \(shared.lowerBound)")
                }
            }
        }
    }
}
