/// What the boxes of one `trak` say, gathered while ``MovieBoxWalker`` walks them.
struct TrackFields {
    var id: UInt32 = 0
    var flags = 0
    var matrix = DisplayMatrix.identity
    /// The `tkhd` width and height, 16.16 fixed point.
    var width: UInt32 = 0
    var height: UInt32 = 0
    var handler = ""
    var codec: String?
    /// The `mdhd` time scale, 0 when the track has no `mdhd`.
    var timescale: UInt32 = 0
    var mediaDuration: MediaDuration?
    /// A sound track's channels and sample rate, from its sample entry.
    var channelCount: Int?
    var sampleRate: Int?
}

/// What the boxes of `moov` say, gathered while ``MovieBoxWalker`` walks them.
struct MovieFields {
    var duration: UInt64?
    var timescale: UInt32 = 0
    var matrix = DisplayMatrix.identity
    var isFragmented = false
    var fragmentDuration: UInt64?
    /// The `trex` default sample duration of each track ID.
    var trackExtends: [UInt32: UInt32] = [:]
    var tracks: [TrackFields] = []

    /// The movie's duration: `mvhd`'s; for a fragmented movie, `mehd`'s when it gives one, else
    /// the longest track's end in `fragmentEnds` (each track's end in its media time scale, read
    /// from its fragments), else unknown: `mvhd` then covers only the samples inside `moov`.
    func movieDuration(fragmentEnds: [UInt32: UInt64]?) -> MediaDuration? {
        guard isFragmented else { return duration.flatMap { MediaDuration(value: $0, timescale: timescale) } }
        if let fragmentDuration, fragmentDuration > 0 {
            return MediaDuration(value: fragmentDuration, timescale: timescale)
        }
        return tracks.compactMap { trackDuration($0, fragmentEnds: fragmentEnds) }.max()
    }

    /// A track's duration: `mdhd`'s; for a fragmented movie, where its fragments end, or unknown
    /// when they could not be read.
    func trackDuration(_ track: TrackFields, fragmentEnds: [UInt32: UInt64]?) -> MediaDuration? {
        guard isFragmented else { return track.mediaDuration }
        return fragmentEnds?[track.id].flatMap { MediaDuration(value: $0, timescale: track.timescale) }
    }

    /// The tracks as reported, each with its displayed size and rotation after the movie's matrix.
    func reportedTracks(
        _ format: ISOMediaHeader.Format, fragmentEnds: [UInt32: UInt64]?
    ) throws(ISOMediaInspector.Error) -> [ISOMediaHeader.Track] {
        var result: [ISOMediaHeader.Track] = []
        for track in tracks {
            let combined = track.matrix.then(matrix)
            guard let size = combined.displaySize(width: track.width, height: track.height) else {
                throw .oversizedField(format, field: "track \(track.id) displayed size", value: UInt64(track.width))
            }
            let kind: ISOMediaHeader.Track.Kind =
                switch track.handler {
                case "vide": .video
                case "soun": .audio
                default: .other(handler: track.handler)
                }
            result.append(
                ISOMediaHeader.Track(
                    id: track.id, kind: kind, codec: track.codec,
                    duration: trackDuration(track, fragmentEnds: fragmentEnds), isEnabled: track.flags & 1 == 1,
                    displayWidth: size.width, displayHeight: size.height,
                    rotation: kind == .video ? combined.rotation : .none, channelCount: track.channelCount,
                    sampleRate: track.sampleRate))
        }
        return result
    }
}
