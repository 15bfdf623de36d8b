/// What is known of a video before it is downloaded, beside its size: its duration and how it
/// is turned, for a cell's duration badge and a player's layout.
public struct VideoDetails: Sendable, Hashable {
    /// The duration in seconds: the size part's `"duration"` when it has one, otherwise the
    /// video header's movie duration; `nil` when neither says.
    public var duration: Double?
    /// How the video is turned for display, from its header (``ISOMediaHeader/rotation``); `nil`
    /// when the header was not read (the size came from a size part alone). The placeholder's
    /// ``PlaceholderSize/displayedSize`` already has it applied.
    public var rotation: VideoRotation?

    /// Creates the details.
    public init(duration: Double? = nil, rotation: VideoRotation? = nil) {
        self.duration = duration
        self.rotation = rotation
    }
}
