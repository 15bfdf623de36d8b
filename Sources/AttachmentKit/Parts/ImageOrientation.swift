/// How an image's stored pixels must be turned to appear upright: UIKit's
/// `UIImage.Orientation`, with the same raw values (0–7), and its mapping to the EXIF
/// orientation tag (1–8).
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright. EXIF 1.
    case up = 0
    /// Rotated 180°. EXIF 3.
    case down = 1
    /// Rotated 90° counter-clockwise to display. EXIF 8.
    case left = 2
    /// Rotated 90° clockwise to display. EXIF 6.
    case right = 3
    /// Mirrored horizontally. EXIF 2.
    case upMirrored = 4
    /// Mirrored vertically. EXIF 4.
    case downMirrored = 5
    /// Mirrored, then rotated 90° counter-clockwise. EXIF 5.
    case leftMirrored = 6
    /// Mirrored, then rotated 90° clockwise. EXIF 7.
    case rightMirrored = 7

    /// The orientation for an EXIF `Orientation` tag value (1–8), or `nil` for any other value.
    public init?(exifValue: Int) {
        switch exifValue {
        case 1: self = .up
        case 2: self = .upMirrored
        case 3: self = .down
        case 4: self = .downMirrored
        case 5: self = .leftMirrored
        case 6: self = .right
        case 7: self = .rightMirrored
        case 8: self = .left
        default: return nil
        }
    }

    /// The EXIF `Orientation` tag value (1–8) for this orientation.
    public var exifValue: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }

    /// Whether displaying the image turns it a quarter, so its displayed width is its stored
    /// height (left, right and their mirrored forms).
    public var swapsWidthAndHeight: Bool {
        switch self {
        case .left, .right, .leftMirrored, .rightMirrored: true
        case .up, .down, .upMirrored, .downMirrored: false
        }
    }
}
