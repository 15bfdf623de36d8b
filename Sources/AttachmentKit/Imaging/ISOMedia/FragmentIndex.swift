/// Finds the movie fragments (`moof` boxes) of a fragmented file: by following the top-level
/// box headers after `moov` (one small read a box, the media data jumped over), or, when the file
/// ends with a movie fragment random access box (`mfra`, which FFmpeg writes), from its index:
/// the last fragments of each track are then found in a few reads however long the file is.
///
/// Offsets in the reader are file offsets minus `base`: 0 for a whole file, the first byte's
/// offset for a piece of a remote file.
enum FragmentIndex {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// What a file's `mfra` box says, in file offsets: where it starts (the fragments end there)
    /// and the earliest of the fragments that hold each track's last random access point, when
    /// every one lies between `moov` and `mfra`.
    struct RandomAccess {
        var start: Int
        var lastFragments: Int?
    }

    /// The `mfra` box that ends at `end` (a reader offset), found from the `mfro` box that closes
    /// it (§8.8.11), or `nil` when the bytes before `end` are no `mfro` naming an `mfra`.
    static func randomAccess(
        endingAt end: Int, base: Int, movieEnd: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> RandomAccess? {
        guard end >= 16, try reader.bytes(at: end - 16, equal: [0, 0, 0, 16] + Array("mfro".utf8)) else { return nil }
        let size = try reader.uint32(at: end - 4, bigEndian: true)
        guard size >= 16 + 8, size <= end else { return nil }
        let mfra = try ISOBox(at: end - size, parentEnd: end, isTopLevel: false, &reader)
        guard mfra.type == "mfra" else { return nil }
        let start = base + mfra.offset
        var earliest: UInt64?
        var offset = mfra.payload
        while mfra.end - offset >= 8 {
            let box = try ISOBox(at: offset, parentEnd: mfra.end, isTopLevel: false, &reader)
            offset = box.end
            guard box.type == "tfra", let last = try lastFragment(box, &reader) else { continue }
            guard last >= UInt64(movieEnd), last < UInt64(start) else {
                return RandomAccess(start: start, lastFragments: nil)
            }
            earliest = min(earliest ?? last, last)
        }
        // Below `start`, an `Int`: the conversion can't trap.
        return RandomAccess(start: start, lastFragments: earliest.map { Int(truncatingIfNeeded: $0) })
    }

    /// The `moof` offset of the last entry of a track fragment random access box (§8.8.10), or
    /// `nil` when it has none.
    private static func lastFragment(_ tfra: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error)
        -> UInt64?
    {
        let version = try MovieBoxWalker.fullBoxVersion(tfra, payloadBytes: 16, &reader)
        let sizes = try reader.uint8(at: tfra.payload + 11)
        let count = UInt64(try MovieBoxWalker.uint32(at: tfra.payload + 12, &reader))
        let numbers = (sizes >> 4 & 3) + (sizes >> 2 & 3) + (sizes & 3) + 3
        let entrySize = (version == 1 ? 16 : 8) + numbers
        let entries = tfra.payload + 16
        // count < 2^32 and entrySize ≤ 28: the product cannot overflow 64 bits.
        guard count * UInt64(entrySize) <= UInt64(max(0, tfra.end - entries)) else {
            throw .oversizedField(reader.format, field: "\"tfra\" entry count", value: count)
        }
        guard count > 0 else { return nil }
        // The entries fit between `entries` and the box's end, so the offset fits in `Int`.
        let last = entries + Int(truncatingIfNeeded: count - 1) * entrySize
        let fieldSize = version == 1 ? 8 : 4
        return try reader.unsigned(at: last + fieldSize, byteCount: fieldSize, bigEndian: true)
    }

    /// The offsets of the `moof` boxes among the top-level boxes from `start` to `end`, reading
    /// each box's header only. A header that lies past the reader's bytes, or a box that runs
    /// past `end`, is ``ISOMediaInspector/Error/truncated(_:offset:)``.
    static func movieFragments(
        from start: Int, to end: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> [Int] {
        var fragments: [Int] = []
        var offset = start
        // Fewer than 8 bytes after the last box are trailing padding, not a box.
        while end - offset >= 8 {
            let box = try ISOBox(at: offset, parentEnd: end, isTopLevel: true, &reader)
            if box.type == "moof" { fragments.append(offset) }
            offset = box.end
        }
        return fragments
    }
}
