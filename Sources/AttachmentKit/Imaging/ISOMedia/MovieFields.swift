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
    var tracks: [TrackFields] = []

    /// The movie's duration: `mvhd`'s, or `mehd`'s for a fragmented movie whose `mvhd` says 0.
    var movieDuration: MediaDuration? {
        if isFragmented, duration ?? 0 == 0 {
            return fragmentDuration.flatMap { MediaDuration(value: $0, timescale: timescale) }
        }
        return duration.flatMap { MediaDuration(value: $0, timescale: timescale) }
    }

    /// The tracks as reported, each with its display size and rotation after the movie's matrix.
    func reportedTracks(_ format: ISOMediaHeader.Format) throws(ISOMediaInspector.Error) -> [ISOMediaHeader.Track] {
        var result: [ISOMediaHeader.Track] = []
        for track in tracks {
            let combined = track.matrix.then(matrix)
            guard let size = combined.displaySize(width: track.width, height: track.height) else {
                throw .oversizedField(format, field: "track \(track.id) display size", value: UInt64(track.width))
            }
            let kind: ISOMediaHeader.Track.Kind =
                switch track.handler {
                case "vide": .video
                case "soun": .audio
                default: .other(handler: track.handler)
                }
            result.append(
                ISOMediaHeader.Track(
                    id: track.id, kind: kind, codec: track.codec, duration: track.mediaDuration,
                    isEnabled: track.flags & 1 == 1, displayWidth: size.width, displayHeight: size.height,
                    rotation: kind == .video ? combined.rotation : .none, channelCount: track.channelCount,
                    sampleRate: track.sampleRate))
        }
        return result
    }
}
