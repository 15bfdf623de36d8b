import Foundation

/// What an ISO media file's header says, read without decoding a sample: its brands, the
/// movie's duration, its tracks, the video's displayed size and rotation, and whether the header
/// comes before the media data.
///
/// Get one from ``ISOMediaInspector``.
public struct ISOMediaHeader: Sendable, Equatable {
    /// The format the brands name.
    public let format: ISOMediaHeader.Format
    /// The `ftyp` box's major brand (`isom`, `qt  `, `M4A `…), or an empty string for a
    /// QuickTime file without `ftyp`.
    public let majorBrand: String
    /// The `ftyp` box's compatible brands, in file order.
    public let compatibleBrands: [String]
    /// The movie's duration, `mvhd`'s; for a fragmented file, `mehd`'s when it has one, else
    /// where its longest track's fragments end (see "Fragmented files" in <doc:InspectingVideos>).
    /// `nil` when it is unknown: all ones, a time scale of 0, or fragments that could not be
    /// read within the budgets.
    public let duration: MediaDuration?
    /// The tracks, in file order.
    public let tracks: [ISOMediaHeader.Track]
    /// Whether the `moov` box comes before any `mdat` box, so that a player (or
    /// ``ISOMediaInspector`` reading a remote file) needs only the first bytes.
    public let isFastStart: Bool
    /// Whether the movie is fragmented (its `moov` has an `mvex` box): samples follow in
    /// `moof` fragments.
    public let isFragmented: Bool
    /// How many bytes the inspector read: bytes read from disk for a file, bytes examined for
    /// data in memory, bytes fetched for a remote file.
    public let inspectedByteCount: Int
    /// The personal metadata the file carries (where it was shot, XMP), which
    /// ``MetadataStripper`` removes; read in `moov` (and, for a local file, in the top-level
    /// boxes, up to the end of `moov` for a fragmented file) within the inspector's budgets.
    public let personalMetadata: PersonalMetadata

    /// Creates a header from known values (for tests and previews); ``ISOMediaInspector``
    /// makes the real ones.
    package init(
        format: ISOMediaHeader.Format, majorBrand: String, compatibleBrands: [String], duration: MediaDuration?,
        tracks: [ISOMediaHeader.Track], isFastStart: Bool, isFragmented: Bool = false, inspectedByteCount: Int = 0,
        personalMetadata: PersonalMetadata = []
    ) {
        self.format = format
        self.majorBrand = majorBrand
        self.compatibleBrands = compatibleBrands
        self.duration = duration
        self.tracks = tracks
        self.isFastStart = isFastStart
        self.isFragmented = isFragmented
        self.inspectedByteCount = inspectedByteCount
        self.personalMetadata = personalMetadata
    }

    /// The video track a player shows: the first enabled video track, else the first video
    /// track; `nil` for a file without video (an M4A).
    public var videoTrack: ISOMediaHeader.Track? {
        tracks.first { $0.kind == .video && $0.isEnabled } ?? tracks.first { $0.kind == .video }
    }

    /// The video's size in pixels as displayed, rotation applied (``videoTrack``'s), or `nil`
    /// without video: what a placeholder is laid out at.
    public var displayedSize: PixelSize? {
        videoTrack.map { PixelSize(width: CGFloat($0.displayWidth), height: CGFloat($0.displayHeight)) }
    }

    /// How the video is turned (``videoTrack``'s rotation), ``ISOMediaHeader/Rotation/none`` without video.
    public var rotation: ISOMediaHeader.Rotation { videoTrack?.rotation ?? .none }

    /// A copy that says `byteCount` bytes were read.
    func reading(_ byteCount: Int) -> ISOMediaHeader {
        ISOMediaHeader(
            format: format, majorBrand: majorBrand, compatibleBrands: compatibleBrands, duration: duration,
            tracks: tracks, isFastStart: isFastStart, isFragmented: isFragmented, inspectedByteCount: byteCount,
            personalMetadata: personalMetadata)
    }
}
