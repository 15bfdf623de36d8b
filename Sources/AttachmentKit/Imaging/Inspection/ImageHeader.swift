import Foundation

/// What an image's header says, read without decoding a pixel: its format, stored pixel size,
/// orientation, and whether it is progressive or animated.
///
/// Get one from ``ImageInspector``. The stored size is what the encoder wrote; the displayed
/// size applies the orientation (EXIF, or HEIF's `irot`/`imir`), swapping width and height for
/// the orientations that turn the image a quarter.
public struct ImageHeader: Sendable, Equatable {
    /// The format the magic bytes identify.
    public let format: ImageFormat
    /// The stored width in pixels, before the orientation is applied.
    public let pixelWidth: Int
    /// The stored height in pixels, before the orientation is applied.
    public let pixelHeight: Int
    /// How the stored pixels are turned for display: the EXIF orientation of a JPEG, PNG
    /// (`eXIf`), WebP (`EXIF`) or TIFF, HEIF's `irot` and `imir`, ``ImageOrientation/up`` for
    /// formats that carry none or for an orientation value outside 1–8.
    public let orientation: ImageOrientation
    /// Whether the image is stored to be shown coarse to fine: a progressive JPEG, an
    /// interlaced (Adam7) PNG or an interlaced GIF.
    public let isProgressive: Bool
    /// Whether the image is animated: a GIF, APNG or WebP with more than one frame (see
    /// ``animation``), or an AVIF/HEIF image sequence. A WebP with the animation flag and one
    /// frame, or an APNG whose `acTL` announces one, is still.
    public let isAnimated: Bool
    /// The frames, delays and loop count of an animated GIF, APNG or WebP; `nil` for a still
    /// image and for AVIF/HEIF sequences, whose timing this inspector does not read.
    public let animation: Animation?
    /// How many bytes the inspector read to produce this header: bytes read from disk for a
    /// file, bytes examined for data in memory.
    public let inspectedByteCount: Int
    /// The personal metadata the image carries (GPS, XMP, IPTC…), which ``MetadataStripper``
    /// removes: what an app warns about before sending with ``MetadataPolicy/keepAll``. Read
    /// within the inspector's byte and read budgets, after the header.
    public let personalMetadata: PersonalMetadata

    /// Creates a header from known values (for tests and previews); ``ImageInspector`` makes
    /// the real ones.
    package init(
        format: ImageFormat, pixelWidth: Int, pixelHeight: Int, orientation: ImageOrientation = .up,
        isProgressive: Bool = false, isAnimated: Bool = false, animation: Animation? = nil,
        inspectedByteCount: Int = 0, personalMetadata: PersonalMetadata = []
    ) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.isProgressive = isProgressive
        self.isAnimated = isAnimated || animation != nil
        self.animation = animation
        self.inspectedByteCount = inspectedByteCount
        self.personalMetadata = personalMetadata
    }

    /// The width as displayed, orientation applied.
    public var displayedWidth: Int { orientation.swapsWidthAndHeight ? pixelHeight : pixelWidth }

    /// The height as displayed, orientation applied.
    public var displayedHeight: Int { orientation.swapsWidthAndHeight ? pixelWidth : pixelHeight }

    /// The number of pixels a decoder would allocate for one frame (width × height), saturating
    /// at `Int.max` instead of overflowing. Compare it with
    /// ``ImageInspector/ContentPolicy/maximumPixelCount`` before decoding.
    public var pixelCount: Int {
        let (product, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        return overflow ? Int.max : product
    }

    /// The number of pixels a decoder that holds every frame would allocate: ``pixelCount``
    /// times the frames of ``animation`` (1 for a still image), saturating at `Int.max`. What
    /// ``ImageInspector/verify(_:declaredType:policy:)`` compares with
    /// ``ImageInspector/ContentPolicy/maximumPixelCount``.
    public var totalPixelCount: Int {
        let (product, overflow) = pixelCount.multipliedReportingOverflow(by: max(1, animation?.frameCount ?? 1))
        return overflow ? Int.max : product
    }
}
