import Foundation

/// Fragmented ISO media files built by hand (ISO/IEC 14496-12 §8.8), for the fragment layouts
/// and hostile counts and sizes no muxer writes. Track 1 is video with a media time scale of
/// 1,000, so a duration in ticks is one in milliseconds.
enum SyntheticFragments {
    /// A `trun` of `count` samples: with `durations`, each sample's own duration (and a size);
    /// without, only sizes, so the defaults apply. `claimedCount` replaces the count written.
    static func trun(count: Int, durations: [Int]? = nil, claimedCount: Int? = nil) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(claimedCount ?? count)
        writer.uint32(0)  // data offset
        for index in 0..<count {
            if let durations { writer.uint32(durations[index]) }
            writer.uint32(100)  // sample size
        }
        return SyntheticImages.fullBox("trun", flags: durations == nil ? 0x201 : 0x301, writer.data)
    }

    /// A `tfhd` for `trackID`, with a default sample duration when given.
    static func tfhd(trackID: Int = 1, defaultDuration: Int? = nil) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(trackID)
        if let defaultDuration { writer.uint32(defaultDuration) }
        return SyntheticImages.fullBox("tfhd", flags: 0x20000 | (defaultDuration == nil ? 0 : 0x8), writer.data)
    }

    /// A `tfdt` saying the fragment starts at `time` (64-bit with version 1).
    static func tfdt(_ time: UInt64, version: UInt8 = 1) -> Data {
        var writer = ImagingByteWriter()
        if version == 1 { writer.uint64(time) } else { writer.uint32(Int(time)) }
        return SyntheticImages.fullBox("tfdt", version: version, writer.data)
    }

    static func traf(_ children: [Data]) -> Data { SyntheticImages.box("traf", children.reduce(Data(), +)) }

    /// A `moof` with its `mfhd` and `trafs`.
    static func moof(_ trafs: [Data], sequence: Int = 1) -> Data {
        var mfhd = ImagingByteWriter()
        mfhd.uint32(sequence)
        return SyntheticImages.box("moof", SyntheticImages.fullBox("mfhd", mfhd.data) + trafs.reduce(Data(), +))
    }

    /// A fragment of track 1: `count` samples of `duration` each, starting at `start` when given.
    static func fragment(start: UInt64?, count: Int, duration: Int, sequence: Int = 1) -> Data {
        let decodeTime = start.map { [tfdt($0)] } ?? []
        return moof([traf([tfhd(defaultDuration: duration)] + decodeTime + [trun(count: count)])], sequence: sequence)
    }

    /// `ftyp`, a `moov` whose `mvhd` says `movieDuration` and `mdhd` 0, whose `mvex` holds a `trex` (default
    /// sample duration `trexDuration`) and, when given, an `mehd`; then each fragment followed by
    /// a small `mdat`; with `indexed`, an `mfra` naming every fragment, closed by its `mfro`.
    static func movie(
        fragments: [Data], trexDuration: Int = 0, fragmentDuration: Int? = nil, indexed: Bool = false,
        movieDuration: Int = 0
    ) -> Data {
        var trex = ImagingByteWriter()
        for value in [1, 1, trexDuration, 0, 0] { trex.uint32(value) }
        var mvex = SyntheticImages.fullBox("trex", trex.data)
        if let fragmentDuration {
            var mehd = ImagingByteWriter()
            mehd.uint32(fragmentDuration)
            mvex = SyntheticImages.fullBox("mehd", mehd.data) + mvex
        }
        let track = SyntheticMovies.videoTrack(mediaHeader: SyntheticMovies.mdhd(timescale: 1000, duration: 0))
        let moov = SyntheticImages.box(
            "moov", SyntheticMovies.mvhd(duration: movieDuration) + track + SyntheticImages.box("mvex", mvex))
        var file = SyntheticImages.ftyp("isom", compatible: ["isom", "iso5"]) + moov
        var offsets: [Int] = []
        for fragment in fragments {
            offsets.append(file.count)
            file += fragment + SyntheticImages.box("mdat", Data(count: 16))
        }
        return indexed ? file + mfra(moofOffsets: offsets) : file
    }

    /// An `mfra` with one `tfra` (version 1, one-byte numbers) for track 1 naming `moofOffsets`,
    /// and its `mfro`; `claimedCount` replaces the entry count written.
    static func mfra(moofOffsets: [Int], claimedCount: Int? = nil) -> Data {
        var tfra = ImagingByteWriter()
        tfra.uint32(1)  // track ID
        tfra.uint32(0)  // one-byte traf, trun and sample numbers
        tfra.uint32(claimedCount ?? moofOffsets.count)
        for (index, offset) in moofOffsets.enumerated() {
            tfra.uint64(UInt64(index))  // time
            tfra.uint64(UInt64(offset))
            tfra.bytes([1, 1, 1])
        }
        let body = SyntheticImages.fullBox("tfra", version: 1, tfra.data)
        var mfro = ImagingByteWriter()
        mfro.uint32(body.count + 8 + 16)
        return SyntheticImages.box("mfra", body + SyntheticImages.fullBox("mfro", mfro.data))
    }
}
