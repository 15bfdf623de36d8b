extension ISOMediaHeader {
    /// How a video track is turned for display, from its `tkhd` matrix combined with the movie's
    /// `mvhd` matrix: a clockwise quarter turn, or a transform that is no quarter turn.
    ///
    /// The angle is the one `exiftool` reports as `Rotation` and that `AVAssetTrack`'s
    /// `preferredTransform` applies; `ffprobe` prints the same turn as a negative, anticlockwise
    /// angle (`rotation=-90` for ``clockwise90``).
    public enum Rotation: Sendable, Hashable, CustomStringConvertible {
        /// Shown as stored.
        case none
        /// Turned a quarter clockwise: width and height swap.
        case clockwise90
        /// Turned upside down.
        case clockwise180
        /// Turned three quarters clockwise (a quarter anticlockwise): width and height swap.
        case clockwise270
        /// The matrix is no quarter turn: some other angle, a shear, a perspective or a zero
        /// scale. The displayed size is then the bounding box of the transformed frame.
        case notAxisAligned

        /// The clockwise angle in degrees, or `nil` for ``notAxisAligned``.
        public var clockwiseDegrees: Int? {
            switch self {
            case .none: 0
            case .clockwise90: 90
            case .clockwise180: 180
            case .clockwise270: 270
            case .notAxisAligned: nil
            }
        }

        /// Whether the turn swaps width and height.
        public var swapsWidthAndHeight: Bool { self == .clockwise90 || self == .clockwise270 }

        public var description: String { clockwiseDegrees.map { "\($0)°" } ?? "not axis-aligned" }
    }
}
