extension ISOMediaHeader {
    /// One track of an ISO media file, as its `trak` box describes it.
    public struct Track: Sendable, Equatable {
        /// What a track carries, from its `hdlr` box.
        public enum Kind: Sendable, Hashable, CustomStringConvertible {
            /// Video (`vide`).
            case video
            /// Sound (`soun`).
            case audio
            /// Anything else (subtitles, timed metadata, hints); the handler type, such as `text`
            /// or `meta`, or an empty string when the track has no `hdlr`.
            case other(handler: String)

            public var description: String {
                switch self {
                case .video: "video"
                case .audio: "audio"
                case .other(let handler): handler.isEmpty ? "other" : "other (\(handler))"
                }
            }
        }

        /// The track's `tkhd` track ID.
        public let id: UInt32
        /// What it carries.
        public let kind: Kind
        /// The four-character code of its first sample entry (`avc1`, `hvc1`, `mp4v`, `mp4a`…),
        /// or `nil` when its `stsd` box has none.
        public let codec: String?
        /// The media's duration from `mdhd` (for a fragmented file, where the track's fragments
        /// end), or `nil` when the box is missing, has a time scale of 0, says the duration is
        /// unknown (all ones), or the fragments could not be read within the budgets.
        public let duration: MediaDuration?
        /// Whether the track is enabled (`tkhd` flag 1).
        public let isEnabled: Bool
        /// The width shown, in pixels: the `tkhd` width and height after its matrix combined with
        /// the movie's, as the bounding box of the transformed frame. 0 for a track without a
        /// visual size (sound).
        public let displayWidth: Int
        /// The height shown, in pixels, as ``displayWidth``.
        public let displayHeight: Int
        /// How the track's combined matrix turns it.
        public let rotation: ISOMediaHeader.Rotation
        /// A sound track's channel count, from its sample entry (or its AAC decoder
        /// configuration); `nil` for other tracks.
        public let channelCount: Int?
        /// A sound track's sample rate in hertz, from its sample entry (or its AAC decoder
        /// configuration); `nil` for other tracks.
        public let sampleRate: Int?

        /// Creates a track from known values (for tests and previews); ``ISOMediaInspector`` makes
        /// the real ones.
        package init(
            id: UInt32, kind: Kind, codec: String?, duration: MediaDuration?, isEnabled: Bool = true,
            displayWidth: Int = 0, displayHeight: Int = 0, rotation: ISOMediaHeader.Rotation = .none,
            channelCount: Int? = nil, sampleRate: Int? = nil
        ) {
            self.id = id
            self.kind = kind
            self.codec = codec
            self.duration = duration
            self.isEnabled = isEnabled
            self.displayWidth = displayWidth
            self.displayHeight = displayHeight
            self.rotation = rotation
            self.channelCount = channelCount
            self.sampleRate = sampleRate
        }
    }
}
