/// A turn and flip of an image, composed step by step: how HEIF's `irot` (rotation) and `imir`
/// (mirror) properties, applied in the order they are listed, become one ``ImageOrientation``.
///
/// The transform is "mirror left to right when `isMirrored`, then turn clockwise by
/// `clockwiseQuarterTurns`", which covers all eight orientations.
struct OrientationTransform: Equatable {
    /// Whether the image is first mirrored left to right.
    private(set) var isMirrored = false
    /// Quarter turns clockwise after the mirror, 0–3.
    private(set) var clockwiseQuarterTurns = 0

    /// Applies HEIF `irot`: a turn of `angle` × 90° anticlockwise.
    mutating func rotateAnticlockwise(quarterTurns angle: Int) {
        clockwiseQuarterTurns = (clockwiseQuarterTurns + 4 - angle % 4) % 4
    }

    /// Applies HEIF `imir` with its `mode` bit as amended in ISO/IEC 23008-12 (and as iPhones,
    /// libheif and libavif read it): 0 exchanges top and bottom, 1 exchanges left and right.
    mutating func mirror(mode: Int) {
        // Mirroring after a turn equals mirroring first and turning the other way.
        isMirrored.toggle()
        clockwiseQuarterTurns = (4 - clockwiseQuarterTurns) % 4
        // Top-bottom is left-right followed by a half turn.
        if mode & 1 == 0 { clockwiseQuarterTurns = (clockwiseQuarterTurns + 2) % 4 }
    }

    /// Whether the transform turns the image a quarter, swapping width and height.
    var swapsWidthAndHeight: Bool { clockwiseQuarterTurns % 2 == 1 }

    /// The orientation that displays stored pixels with this transform.
    var orientation: ImageOrientation {
        switch (isMirrored, clockwiseQuarterTurns) {
        case (false, 1): .right
        case (false, 2): .down
        case (false, 3): .left
        case (true, 0): .upMirrored
        case (true, 1): .rightMirrored
        case (true, 2): .downMirrored
        case (true, 3): .leftMirrored
        default: .up
        }
    }
}
