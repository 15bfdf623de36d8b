extension PlaceholderSize {
    /// What is known of a video before it is downloaded, beside its size: its duration and how it
    /// is turned, for a cell's duration badge and a player's layout.
    ///
    /// ## Where each value comes from
    ///
    /// The size part (`{"width":…,"height":…,"duration":…}`) and the video's own header
    /// (``ISOMediaHeader``) are combined, each value from the first that has it:
    ///
    /// - the placeholder's ``PlaceholderSize/displayedSize``: the size part's; without one, the
    ///   header's displayed size (rotation applied); without either, the poster's;
    /// - ``duration``: the size part's `duration`; when it has none, the header's movie duration;
    /// - ``rotation``: the header's (a size part has none).
    ///
    /// The header is read when the video is local (a few kilobytes from its file, whether or not
    /// there is a size part), and for a remote video with ranged requests only when no size part
    /// gives the size (``RemotePart/MediaHeaderReader``): a remote video with a size part costs no
    /// request, so its ``rotation`` is `nil`, and so is its ``duration`` when the size part has
    /// none.
    public struct VideoDetails: Sendable, Equatable {
        /// The duration in seconds: the size part's `"duration"` when it has one, otherwise the
        /// video header's movie duration; `nil` when neither says (or the header was not read).
        public var duration: Double?
        /// How the video is turned for display, from its header (``ISOMediaHeader/rotation``); `nil`
        /// when the header was not read. The placeholder's ``PlaceholderSize/displayedSize`` already
        /// has it applied when the size came from the header.
        public var rotation: ISOMediaHeader.Rotation?

        /// Creates the details.
        public init(duration: Double? = nil, rotation: ISOMediaHeader.Rotation? = nil) {
            self.duration = duration
            self.rotation = rotation
        }

        /// The details a video's header gives.
        init(header: ISOMediaHeader) {
            self.init(duration: header.duration?.seconds, rotation: header.rotation)
        }

        /// The details of a message with a size part whose `duration` is `sizePartDuration`, and
        /// with `header` the details of the video's header when it was read: the rule above.
        init(sizePartDuration: Double?, header: PlaceholderSize.VideoDetails?) {
            self.init(duration: sizePartDuration ?? header?.duration, rotation: header?.rotation)
        }
    }
}
