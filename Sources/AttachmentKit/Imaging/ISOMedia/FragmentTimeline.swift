/// Where each track of a fragmented movie ends, in its media time scale, read from its movie
/// fragments (ISO/IEC 14496-12 §8.8): the end of a track is the decode time of its last
/// fragment (`tfdt`) plus the durations of that fragment's samples (`trun`, each sample's own,
/// else the `tfhd` default, else the `trex` default), and the fragments after it that carry no
/// `tfdt`. A track none of whose fragments carries `tfdt` ends at the sum of all its samples'
/// durations after those inside `moov` (`mdhd`). This is the end `ffprobe` reports.
///
/// The fragments are read from the last one back, so a movie whose fragments carry `tfdt` (as
/// FFmpeg and every CMAF or DASH writer's do) costs one fragment per track, however long it is.
struct FragmentTimeline {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// Where a track's fragments start (the duration of its samples inside `moov`, when `mdhd`
    /// gives it) and its `trex` default sample duration.
    private struct Track {
        var start: UInt64
        var defaultDuration: UInt32
    }

    /// One `traf`: its track, its `tfdt` when it has one, and the sum of its samples' durations.
    private struct TrackFragment {
        var id: UInt32
        var baseDecodeTime: UInt64?
        var duration: UInt64
    }

    /// The track fragment header flags (§8.8.7) and the track run flags (§8.8.8) read here.
    private enum Flag {
        static let baseDataOffset = 0x1
        static let sampleDescriptionIndex = 0x2
        static let defaultSampleDuration = 0x8
        static let dataOffset = 0x1
        static let firstSampleFlags = 0x4
        static let sampleDuration = 0x100
        static let perSampleFields = 0xF00
    }

    private let tracks: [UInt32: Track]

    init(_ fields: MovieFields) {
        var tracks: [UInt32: Track] = [:]
        for track in fields.tracks {
            tracks[track.id] = Track(
                start: track.mediaDuration?.value ?? 0, defaultDuration: fields.trackExtends[track.id] ?? 0)
        }
        self.tracks = tracks
    }

    /// The end of every track, read from the fragments in `reader`, which holds a file's bytes
    /// from file offset `base` to the end (`base` 0: all of them); `moovEnd` is where `moov` ends
    /// in the file. With an `mfra` index, the fragments from the earliest track's last random
    /// access point on; without, or when a track's end is not among them (or the index is
    /// malformed), every fragment after `moov`, when the reader holds them. `nil` when a budget
    /// runs out (whichever step it is: so a file read in chunks, whose read-ahead counts, never
    /// gives another duration than the same bytes in memory) or the fragments are malformed: the
    /// duration is then unknown, the rest of the header stands.
    static func trackEnds(
        after moovEnd: Int, base: Int, _ fields: MovieFields, _ reader: inout Reader
    ) -> [UInt32: UInt64]? {
        do {
            var index: FragmentIndex.RandomAccess?
            do {
                index = try FragmentIndex.randomAccess(endingAt: reader.count, base: base, movieEnd: moovEnd, &reader)
            } catch  where !error.isBudgetError {}
            let end = (index?.start ?? base + reader.count) - base
            if let last = index?.lastFragments, last >= base {
                do {
                    if let ends = try trackEnds(from: last - base, to: end, fromFirst: false, fields, &reader) {
                        return ends
                    }
                } catch  where !error.isBudgetError {}
            }
            guard moovEnd >= base else { return nil }
            return try trackEnds(from: moovEnd - base, to: end, fromFirst: true, fields, &reader)
        } catch {
            return nil
        }
    }

    /// The end of every track from the fragments among the top-level boxes from `start` to
    /// `end` (reader offsets; see ``ends(of:fromFirst:_:)``).
    static func trackEnds(
        from start: Int, to end: Int, fromFirst: Bool, _ fields: MovieFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> [UInt32: UInt64]? {
        let fragments = try FragmentIndex.movieFragments(from: start, to: end, &reader)
        return try FragmentTimeline(fields).ends(of: fragments, fromFirst: fromFirst, &reader)
    }

    /// The end of every track, from the `moof` boxes at `moofs` (offsets in the reader, in file
    /// order). With `fromFirst`, `moofs` are all of the movie's fragments; without, the last ones
    /// only, and `nil` is returned when a track's end is not found in them (none of its fragments
    /// there carries `tfdt`, or it has none there).
    func ends(of moofs: [Int], fromFirst: Bool, _ reader: inout Reader) throws(ISOMediaInspector.Error)
        -> [UInt32: UInt64]?
    {
        var ends: [UInt32: UInt64] = [:]
        var later: [UInt32: UInt64] = [:]
        for offset in moofs.reversed() where ends.count < tracks.count {
            let moof = try ISOBox(at: offset, parentEnd: reader.count, isTopLevel: false, &reader)
            for fragment in try trackFragments(of: moof, &reader).reversed() where ends[fragment.id] == nil {
                let duration = try sum(fragment.duration, later[fragment.id] ?? 0, reader.format)
                if let base = fragment.baseDecodeTime {
                    ends[fragment.id] = try sum(base, duration, reader.format)
                } else {
                    later[fragment.id] = duration
                }
            }
        }
        for (id, track) in tracks where ends[id] == nil {
            guard fromFirst else { return nil }
            ends[id] = try sum(track.start, later[id] ?? 0, reader.format)
        }
        return ends
    }

    /// The `traf` boxes of `moof` that belong to a track of the movie, in order.
    private func trackFragments(of moof: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error)
        -> [TrackFragment]
    {
        var fragments: [TrackFragment] = []
        var offset = moof.payload
        while moof.end - offset >= 8 {
            let box = try ISOBox(at: offset, parentEnd: moof.end, isTopLevel: false, &reader)
            offset = box.end
            guard box.type == "traf", let fragment = try trackFragment(box, &reader) else { continue }
            fragments.append(fragment)
        }
        return fragments
    }

    /// One `traf`: `tfhd` first, then `tfdt` and the `trun` boxes in any order; `nil` for a
    /// track the movie does not have.
    private func trackFragment(_ traf: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error)
        -> TrackFragment?
    {
        var fragment: TrackFragment?
        var defaultDuration: UInt32 = 0
        var offset = traf.payload
        while traf.end - offset >= 8 {
            let box = try ISOBox(at: offset, parentEnd: traf.end, isTopLevel: false, &reader)
            offset = box.end
            switch box.type {
            case "tfhd":
                _ = try MovieBoxWalker.fullBoxVersion(box, payloadBytes: 8, &reader)
                let flags = try reader.uint24(at: box.payload + 1, bigEndian: true)
                let id = try MovieBoxWalker.uint32(at: box.payload + 4, &reader)
                guard let track = tracks[id] else { return nil }
                fragment = TrackFragment(id: id, baseDecodeTime: nil, duration: 0)
                defaultDuration = track.defaultDuration
                guard flags & Flag.defaultSampleDuration != 0 else { continue }
                let skipped =
                    (flags & Flag.baseDataOffset != 0 ? 8 : 0) + (flags & Flag.sampleDescriptionIndex != 0 ? 4 : 0)
                _ = try MovieBoxWalker.fullBoxVersion(box, payloadBytes: 12 + skipped, &reader)
                defaultDuration = try MovieBoxWalker.uint32(at: box.payload + 8 + skipped, &reader)
            case "tfdt":
                guard fragment != nil else { throw misplaced(box, reader.format) }
                let version = try MovieBoxWalker.fullBoxVersion(box, payloadBytes: 8, &reader)
                if version == 1 { _ = try MovieBoxWalker.fullBoxVersion(box, payloadBytes: 12, &reader) }
                fragment?.baseDecodeTime = try reader.unsigned(
                    at: box.payload + 4, byteCount: version == 1 ? 8 : 4, bigEndian: true)
            case "trun":
                guard let current = fragment else { throw misplaced(box, reader.format) }
                let duration = try runDuration(box, defaultDuration: defaultDuration, &reader)
                fragment?.duration = try sum(current.duration, duration, reader.format)
            default:
                continue
            }
        }
        return fragment
    }

    /// The sum of a `trun`'s sample durations: each sample's own when the run gives them (read
    /// in blocks of at most 4 KiB), else `defaultDuration` each.
    private func runDuration(
        _ trun: ISOBox, defaultDuration: UInt32, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> UInt64 {
        _ = try MovieBoxWalker.fullBoxVersion(trun, payloadBytes: 8, &reader)
        let flags = try reader.uint24(at: trun.payload + 1, bigEndian: true)
        let count = UInt64(try MovieBoxWalker.uint32(at: trun.payload + 4, &reader))
        let entrySize = 4 * (flags & Flag.perSampleFields).nonzeroBitCount
        var offset =
            trun.payload + 8 + (flags & Flag.dataOffset != 0 ? 4 : 0) + (flags & Flag.firstSampleFlags != 0 ? 4 : 0)
        // count < 2^32 and entrySize ≤ 16: the product cannot overflow 64 bits.
        guard count * UInt64(entrySize) <= UInt64(max(0, trun.end - offset)) else {
            throw .oversizedField(reader.format, field: "\"trun\" sample count", value: count)
        }
        guard flags & Flag.sampleDuration != 0 else { return count * UInt64(defaultDuration) }
        // The count fits between the offset and the box's end, so it fits in `Int`.
        var remaining = Int(truncatingIfNeeded: count)
        let perBlock = 4096 / entrySize
        var total: UInt64 = 0
        while remaining > 0 {
            let entries = min(remaining, perBlock)
            let bytes = try reader.prefix(entries * entrySize, from: offset)
            guard bytes.count == entries * entrySize else { throw .truncated(reader.format, offset: offset) }
            for entry in 0..<entries {
                let start = entry * entrySize
                // At most 2^32 - 1 samples of at most 2^32 - 1 ticks: the sum fits in 64 bits.
                total += bytes[start..<start + 4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            }
            offset += entries * entrySize
            remaining -= entries
        }
        return total
    }

    private func sum(
        _ first: UInt64, _ second: UInt64, _ format: ISOMediaHeader.Format
    ) throws(ISOMediaInspector.Error) -> UInt64 {
        let (total, overflow) = first.addingReportingOverflow(second)
        guard !overflow else { throw .oversizedField(format, field: "fragment duration", value: first) }
        return total
    }

    private func misplaced(_ box: ISOBox, _ format: ISOMediaHeader.Format) -> ISOMediaInspector.Error {
        .malformed(format, reason: "a \"\(box.type)\" box comes before its track fragment's \"tfhd\"")
    }
}

extension ISOMediaInspector.Error {
    /// Whether a budget ran out, rather than the bytes being wrong.
    var isBudgetError: Bool {
        switch self {
        case .readLimitExceeded, .readCountExceeded: true
        default: false
        }
    }
}
