extension AudioHeader {
    /// The header of an ISO media file with a sound track and no video: its first enabled sound
    /// track's codec, channels and sample rate, and the movie's duration (edit lists applied, as
    /// `ffprobe` reports it), or the track's when the movie has none.
    init(isoMedia header: ISOMediaHeader) throws(AudioInspector.Error) {
        guard header.videoTrack == nil,
            let track = header.tracks.first(where: { $0.kind == .audio && $0.isEnabled })
                ?? header.tracks.first(where: { $0.kind == .audio })
        else { throw .notAudio(.isoMedia(header.format)) }
        let codecs = ["mp4a": "AAC", "Opus": "Opus", "alac": "ALAC", "fLaC": "FLAC", "ac-3": "AC-3", "ec-3": "E-AC-3"]
        self.init(
            format: .m4a, codec: track.codec.map { codecs[$0] ?? $0 } ?? "unknown",
            duration: header.duration ?? track.duration, channelCount: track.channelCount ?? 0,
            sampleRate: track.sampleRate ?? 0, inspectedByteCount: header.inspectedByteCount)
    }
}
