/// Walks a `moov` box and its descendants iteratively, with an explicit stack no deeper than
/// ``ISOMediaInspector/maximumNestingDepth``, and reads the fields ``ISOMediaHeader`` reports.
///
/// Every child is read with ``ISOBox`` bounded by its parent; only container boxes that lead to
/// reported fields are entered (`moov`, `trak`, `mdia`, `minf`, `stbl`, `mvex`). Each box needs
/// at least one read, so the reader's read budget bounds the walk. Nothing is allocated from a
/// count in the file: a sample table's entry count is only checked against its box's bytes.
enum MovieBoxWalker {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// Container boxes whose children are walked.
    private static let containers: Set = ["moov", "trak", "mdia", "minf", "stbl", "mvex"]

    /// Bytes per entry of the sample tables whose entry count is checked, after the full-box
    /// header and the count.
    private static let tableEntrySizes = [
        "stts": 8, "ctts": 8, "stsc": 12, "stco": 4, "co64": 8, "stss": 4, "stps": 4, "elst": 12,
    ]

    /// One level of the walk: the next child's offset and the end of the box being walked.
    private struct Level {
        var next: Int
        let end: Int
        let type: String
        let track: Int?
    }

    static func walk(
        _ moov: ISOBox, maximumDepth: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> MovieFields {
        var fields = MovieFields()
        var stack = [Level(next: moov.payload, end: moov.end, type: "moov", track: nil)]
        while let level = stack.last {
            // A remainder shorter than a box header is padding (QuickTime's 32-bit terminator).
            guard level.end - level.next >= 8 else {
                stack.removeLast()
                continue
            }
            let box = try ISOBox(at: level.next, parentEnd: level.end, isTopLevel: false, &reader)
            stack[stack.count - 1].next = box.end
            var track = level.track
            if box.type == "trak", level.type == "moov" {
                fields.tracks.append(TrackFields())
                track = fields.tracks.count - 1
            }
            if containers.contains(box.type) {
                guard stack.count < maximumDepth else { throw .nestingTooDeep(reader.format, limit: maximumDepth) }
                if box.type == "mvex" { fields.isFragmented = true }
                stack.append(Level(next: box.payload, end: box.end, type: box.type, track: track))
            } else {
                try read(box, in: level.type, track: track, &fields, &reader)
            }
        }
        return fields
    }

    /// Reads the fields of a leaf box inside a box of type `parent`.
    private static func read(
        _ box: ISOBox, in parent: String, track: Int?, _ fields: inout MovieFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        switch (parent, box.type) {
        case ("moov", "mvhd"): try readMovieHeader(box, &fields, &reader)
        case ("mvex", "mehd"):
            let version = try fullBoxVersion(box, payloadBytes: 8, &reader)
            fields.fragmentDuration = try reader.unsigned(
                at: box.payload + 4, byteCount: version == 1 ? 8 : 4, bigEndian: true)
        case ("trak", "tkhd"):
            guard let track else { return }
            try readTrackHeader(box, &fields.tracks[track], &reader)
        case ("mdia", "mdhd"):
            guard let track else { return }
            try readMediaHeader(box, &fields.tracks[track], &reader)
        case ("mdia", "hdlr"):
            guard let track else { return }
            _ = try fullBoxVersion(box, payloadBytes: 12, &reader)
            fields.tracks[track].handler = FourCharacterCode.text(
                try reader.uint32(at: box.payload + 8, bigEndian: true))
        case ("stbl", "stsd"):
            guard let track else { return }
            let entry = try firstSampleEntry(box, &reader)
            fields.tracks[track].codec = entry?.type
            if let entry, fields.tracks[track].handler == "soun" {
                try readAudioSampleEntry(entry, &fields.tracks[track], &reader)
            }
        case ("stbl", "stsz"), ("stbl", "stz2"):
            try checkSampleSizes(box, &reader)
        default:
            if let entrySize = tableEntrySizes[box.type], parent == "stbl" || box.type == "elst" {
                try checkEntryCount(
                    box, at: box.payload + 4, entrySize: entrySize, entriesFrom: box.payload + 8, &reader)
            }
        }
    }

    /// The version of a full box whose payload must hold at least `payloadBytes` bytes.
    private static func fullBoxVersion(
        _ box: ISOBox, payloadBytes: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> Int {
        let version = try reader.uint8(at: box.payload)
        guard box.end - box.payload >= payloadBytes else {
            throw .malformed(
                reader.format,
                reason: "the \"\(box.type)\" box (version \(version)) has \(box.end - box.payload) bytes, "
                    + "fewer than the \(payloadBytes) its fields need")
        }
        return version
    }

    /// `mvhd` (§8.2.2): time scale, duration and matrix, at the offsets of version 0 or 1.
    private static func readMovieHeader(
        _ box: ISOBox, _ fields: inout MovieFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        let long = try reader.uint8(at: box.payload) == 1
        _ = try fullBoxVersion(box, payloadBytes: long ? 84 : 72, &reader)
        fields.timescale = try uint32(at: box.payload + (long ? 20 : 12), &reader)
        fields.duration = try duration(at: box.payload + (long ? 24 : 16), long: long, &reader)
        fields.matrix = try DisplayMatrix.read(at: box.payload + (long ? 48 : 36), &reader)
    }

    /// `tkhd` (§8.3.2): flags, track ID, matrix, width and height.
    private static func readTrackHeader(
        _ box: ISOBox, _ track: inout TrackFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        let long = try reader.uint8(at: box.payload) == 1
        _ = try fullBoxVersion(box, payloadBytes: long ? 96 : 84, &reader)
        track.flags = try reader.uint24(at: box.payload + 1, bigEndian: true)
        track.id = try uint32(at: box.payload + (long ? 20 : 12), &reader)
        track.matrix = try DisplayMatrix.read(at: box.payload + (long ? 52 : 40), &reader)
        track.width = try uint32(at: box.payload + (long ? 88 : 76), &reader)
        track.height = try uint32(at: box.payload + (long ? 92 : 80), &reader)
    }

    /// `mdhd` (§8.4.2): the media's time scale and duration.
    private static func readMediaHeader(
        _ box: ISOBox, _ track: inout TrackFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        let long = try reader.uint8(at: box.payload) == 1
        _ = try fullBoxVersion(box, payloadBytes: long ? 32 : 20, &reader)
        let timescale = try uint32(at: box.payload + (long ? 20 : 12), &reader)
        track.mediaDuration = try duration(at: box.payload + (long ? 24 : 16), long: long, &reader)
            .flatMap { MediaDuration(value: $0, timescale: timescale) }
    }

    /// The first sample entry of `stsd` (§8.5.2), whose type is the codec.
    private static func firstSampleEntry(
        _ box: ISOBox, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> ISOBox? {
        _ = try fullBoxVersion(box, payloadBytes: 8, &reader)
        let count = try checkEntryCount(box, at: box.payload + 4, entrySize: 8, entriesFrom: box.payload + 8, &reader)
        guard count > 0 else { return nil }
        return try ISOBox(at: box.payload + 8, parentEnd: box.end, isTopLevel: false, &reader)
    }

    /// An `AudioSampleEntry` (§12.2.3): the channel count and the integer part of the 16.16
    /// sample rate, when the entry is long enough to hold them; an AAC decoder configuration's
    /// (`esds`) when it has one.
    private static func readAudioSampleEntry(
        _ entry: ISOBox, _ track: inout TrackFields, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        guard entry.end - entry.payload >= 28 else { return }
        track.channelCount = try reader.uint16(at: entry.payload + 16, bigEndian: true)
        track.sampleRate = try reader.uint16(at: entry.payload + 24, bigEndian: true)
        if let config = AudioSpecificConfig.read(in: entry, &reader) {
            track.channelCount = config.channelCount ?? track.channelCount
            track.sampleRate = config.sampleRate
        }
    }

    /// `stsz` (4 bytes an entry when the sample size is 0) and `stz2` (4, 8 or 16 bits an entry).
    private static func checkSampleSizes(_ box: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error) {
        _ = try fullBoxVersion(box, payloadBytes: 12, &reader)
        if box.type == "stsz" {
            guard try reader.unsigned(at: box.payload + 4, byteCount: 4, bigEndian: true) == 0 else { return }
            try checkEntryCount(box, at: box.payload + 8, entrySize: 4, entriesFrom: box.payload + 12, &reader)
        } else {
            let bits = UInt64(try reader.uint8(at: box.payload + 7))
            let count = try reader.unsigned(at: box.payload + 8, byteCount: 4, bigEndian: true)
            // count < 2^32 and bits < 2^8: the product cannot overflow 64 bits.
            try checkFits(
                box, field: "sample count", count: count, bytes: (count * bits + 7) / 8, from: box.payload + 12, &reader
            )
        }
    }

    /// Checks that the 32-bit entry count at `offset` times `entrySize` fits between
    /// `entriesFrom` and the box's end, and returns the count.
    @discardableResult
    private static func checkEntryCount(
        _ box: ISOBox, at offset: Int, entrySize: Int, entriesFrom start: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> UInt64 {
        let count = try reader.unsigned(at: offset, byteCount: 4, bigEndian: true)
        // count < 2^32 and entrySize ≤ 12: the product cannot overflow 64 bits.
        try checkFits(box, field: "entry count", count: count, bytes: count * UInt64(entrySize), from: start, &reader)
        return count
    }

    private static func checkFits(
        _ box: ISOBox, field: String, count: UInt64, bytes: UInt64, from start: Int, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) {
        let available = UInt64(max(0, box.end - start))
        guard bytes <= available else {
            throw .oversizedField(reader.format, field: "\"\(box.type)\" \(field)", value: count)
        }
    }

    private static func uint32(at offset: Int, _ reader: inout Reader) throws(ISOMediaInspector.Error) -> UInt32 {
        UInt32(truncatingIfNeeded: try reader.unsigned(at: offset, byteCount: 4, bigEndian: true))
    }

    /// A 32-bit (version 0) or 64-bit (version 1) duration; `nil` when all ones (unknown).
    private static func duration(
        at offset: Int, long: Bool, _ reader: inout Reader
    ) throws(ISOMediaInspector.Error) -> UInt64? {
        let value = try reader.unsigned(at: offset, byteCount: long ? 8 : 4, bigEndian: true)
        let unknown: UInt64 = long ? .max : UInt64(UInt32.max)
        return value == unknown ? nil : value
    }
}
