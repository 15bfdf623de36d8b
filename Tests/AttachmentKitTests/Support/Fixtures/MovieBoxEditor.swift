import Foundation

/// Rewrites a fragmented MP4 that `ffmpeg` made into a layout `ffmpeg` never writes, keeping it
/// playable (so `ffprobe` still reads it): an `mehd` box in `mvex`, default sample durations in
/// `trex` instead of each `tfhd`, or media data padded with zeros. Box sizes, each `trun`'s data
/// offset, each `tfhd`'s explicit base data offset and the `tfra` index are fixed up to match.
///
/// Handles what FFmpeg writes: 32-bit box sizes, `tfhd` base offsets that are the `moof`'s own.
struct MovieBoxEditor {
    /// One box: its type and payload, or its children for a container this editor walks into.
    struct Box {
        var type: String
        var payload: Data
        var children: [Box]?

        var serialized: Data {
            let body = children.map { $0.reduce(Data()) { $0 + $1.serialized } } ?? payload
            return SyntheticImages.box(type, body)
        }
    }

    private static let containers: Set = ["moov", "trak", "mdia", "minf", "stbl", "mvex", "moof", "traf", "mfra"]

    /// The file's top-level boxes.
    var boxes: [Box]
    /// The offset each top-level box had in the file read.
    private let originalOffsets: [Int]

    init(_ data: Data) {
        (boxes, originalOffsets) = Self.parse(Data(data), from: 0, to: data.count)
    }

    private static func parse(_ data: Data, from start: Int, to end: Int) -> ([Box], [Int]) {
        var boxes: [Box] = []
        var offsets: [Int] = []
        var offset = start
        while offset + 8 <= end {
            let size = Self.uint32(data, offset)
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            let boxEnd = size == 0 ? end : offset + size
            var box = Box(type: type, payload: data.subdata(in: offset + 8..<boxEnd), children: nil)
            if containers.contains(type) { box.children = parse(data, from: offset + 8, to: boxEnd).0 }
            boxes.append(box)
            offsets.append(offset)
            offset = boxEnd
        }
        return (boxes, offsets)
    }

    /// Adds an `mehd` box saying `duration` (in the movie's time scale) at the start of `mvex`.
    mutating func insertMovieExtendsHeader(duration: Int) {
        var writer = ImagingByteWriter()
        writer.uint32(duration)
        let mehd = Box(type: "mehd", payload: Data([0, 0, 0, 0]) + writer.data, children: nil)
        edit("moov") { moov in moov.edit("mvex") { $0.children?.insert(mehd, at: 0) } }
    }

    /// Moves each track's default sample duration from its `tfhd` boxes to its `trex`, in every
    /// fragment whose `tfhd` default equals the one most of them give.
    mutating func moveDefaultDurationsToTrackExtends() {
        var defaults: [Int: [Int: Int]] = [:]
        for moof in boxes where moof.type == "moof" {
            for traf in moof.children ?? [] {
                guard let header = traf.children?.first(where: { $0.type == "tfhd" }),
                    let duration = TrackFragmentHeader(header.payload).defaultDuration
                else { continue }
                defaults[TrackFragmentHeader(header.payload).trackID, default: [:]][duration, default: 0] += 1
            }
        }
        let chosen = defaults.mapValues { counts in counts.max { $0.value < $1.value }?.key ?? 0 }
        for index in boxes.indices where boxes[index].type == "moof" {
            var removed = 0
            for trafIndex in boxes[index].children?.indices ?? 0..<0 {
                boxes[index].children?[trafIndex].edit("tfhd") { tfhd in
                    var header = TrackFragmentHeader(tfhd.payload)
                    guard let duration = header.defaultDuration, duration == chosen[header.trackID] else { return }
                    header.removeDefaultDuration()
                    tfhd.payload = header.payload
                    removed += 4
                }
            }
            // The data offsets count from the moof's first byte: its media data is now closer.
            for trafIndex in boxes[index].children?.indices ?? 0..<0 {
                boxes[index].children?[trafIndex].edit("trun") { trun in
                    guard trun.payload[3] & 1 == 1 else { return }
                    let offset = Self.uint32(trun.payload, 8) - removed
                    trun.payload.replaceSubrange(8..<12, with: Self.bytes(offset))
                }
            }
        }
        edit("moov") { moov in
            moov.edit("mvex") { mvex in
                for index in mvex.children?.indices ?? 0..<0 where mvex.children?[index].type == "trex" {
                    guard let payload = mvex.children?[index].payload,
                        let duration = chosen[Self.uint32(payload, 4)]
                    else { continue }
                    mvex.children?[index].payload.replaceSubrange(12..<16, with: Self.bytes(duration))
                }
            }
        }
    }

    /// Appends `byteCount` zero bytes to every `mdat` box.
    mutating func padMediaData(by byteCount: Int) {
        for index in boxes.indices where boxes[index].type == "mdat" { boxes[index].payload += Data(count: byteCount) }
    }

    /// The file, with the `tfhd` base data offsets and the `tfra` entries moved with the boxes.
    var data: Data {
        var newOffsets: [Int: Int] = [:]
        var offset = 0
        for (index, box) in boxes.enumerated() {
            newOffsets[originalOffsets[index]] = offset
            offset += box.serialized.count
        }
        var fixed = boxes
        for index in fixed.indices {
            let shift = newOffsets[originalOffsets[index]].map { $0 - originalOffsets[index] } ?? 0
            if fixed[index].type == "moof" {
                for trafIndex in fixed[index].children?.indices ?? 0..<0 {
                    fixed[index].children?[trafIndex].edit("tfhd") { tfhd in
                        guard tfhd.payload[3] & 1 == 1 else { return }
                        let base = Self.uint64(tfhd.payload, 8) + shift
                        tfhd.payload.replaceSubrange(8..<16, with: Self.bytes(base, count: 8))
                    }
                }
            } else if fixed[index].type == "mfra" {
                fixed[index].edit("tfra") { Self.remapEntries(&$0.payload, newOffsets) }
            }
        }
        return fixed.reduce(Data()) { $0 + $1.serialized }
    }

    /// Rewrites each `tfra` entry's `moof` offset (version 1: 64-bit times and offsets).
    private static func remapEntries(_ payload: inout Data, _ newOffsets: [Int: Int]) {
        let long = payload[0] == 1
        let sizes = Int(payload[11])
        let entrySize = (long ? 16 : 8) + (sizes >> 4 & 3) + (sizes >> 2 & 3) + (sizes & 3) + 3
        let fieldSize = long ? 8 : 4
        for entry in 0..<uint32(payload, 12) {
            let at = 16 + entry * entrySize + fieldSize
            let old = long ? uint64(payload, at) : uint32(payload, at)
            payload.replaceSubrange(at..<at + fieldSize, with: bytes(newOffsets[old] ?? old, count: fieldSize))
        }
    }

    private mutating func edit(_ type: String, _ change: (inout Box) -> Void) {
        for index in boxes.indices where boxes[index].type == type { change(&boxes[index]) }
    }

    static func uint32(_ data: Data, _ offset: Int) -> Int {
        data[data.startIndex + offset..<data.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    static func uint64(_ data: Data, _ offset: Int) -> Int {
        data[data.startIndex + offset..<data.startIndex + offset + 8].reduce(0) { $0 << 8 | Int($1) }
    }

    static func bytes(_ value: Int, count: Int = 4) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) })
    }
}

extension MovieBoxEditor.Box {
    /// Applies `change` to each child of type `type`.
    mutating func edit(_ type: String, _ change: (inout MovieBoxEditor.Box) -> Void) {
        for index in children?.indices ?? 0..<0 where children?[index].type == type { change(&children![index]) }
    }
}

/// The fields of a `tfhd` payload (ISO/IEC 14496-12 §8.8.7) this editor changes.
private struct TrackFragmentHeader {
    var payload: Data
    init(_ payload: Data) { self.payload = Data(payload) }

    var flags: Int { MovieBoxEditor.uint32(payload, 0) & 0xFF_FFFF }
    var trackID: Int { MovieBoxEditor.uint32(payload, 4) }

    /// Where the default duration is, after the optional base offset and description index.
    private var durationOffset: Int { 8 + (flags & 1 != 0 ? 8 : 0) + (flags & 2 != 0 ? 4 : 0) }

    var defaultDuration: Int? { flags & 8 != 0 ? MovieBoxEditor.uint32(payload, durationOffset) : nil }

    mutating func removeDefaultDuration() {
        payload.removeSubrange(durationOffset..<durationOffset + 4)
        payload[3] &= ~8
    }
}
