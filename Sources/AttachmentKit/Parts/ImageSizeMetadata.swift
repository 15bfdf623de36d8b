import Foundation

/// The size of an image as a message's `application/json+imageSize` part gives it:
/// `{"width": 3024, "height": 4032, "orientation": 0}`.
///
/// Width and height are the stored pixel size (integers or floats); `orientation` is an
/// optional raw `UIImage.Orientation` value (0–7, default up: ``ImageSizeMetadata/OrientationCode`` lists
/// the codes other clients wrote and how to read them); a video's size part may also carry
/// `duration` in seconds. Unknown keys are ignored.
///
/// It may also carry a placeholder hash of the image as displayed: `"thumbhash"` (base64) and
/// `"blurhash"` (base 83), as ``thumbHash`` and ``blurHash``. A hash that is not a string or
/// not valid is ignored (the size is kept: layout matters more than the blur). `"animated":
/// true` says the original is an animated GIF, APNG or WebP (``isAnimated``).
public struct ImageSizeMetadata: Sendable, Equatable {
    /// The largest width or height accepted, in pixels.
    package static let maximumDimension: Double = 65_535

    /// The stored pixel width.
    public let pixelWidth: Double
    /// The stored pixel height.
    public let pixelHeight: Double
    /// How the stored pixels are turned for display.
    public let orientation: ImageOrientation
    /// The duration in seconds of the video the size part describes (its `"duration"`), or
    /// `nil` when it has none, as an image's size part.
    public private(set) var duration: Double?
    /// The ThumbHash of the image as displayed, from the JSON's `"thumbhash"`.
    public var thumbHash: ThumbHash?
    /// The BlurHash of the image as displayed, from the JSON's `"blurhash"`.
    public var blurHash: BlurHash?
    /// Whether the original is animated (the JSON's `"animated": true`), so that a receiver
    /// can prepare an animated view before it arrives; its preview is a still either way.
    public var isAnimated = false

    /// Creates metadata from known values, validating them as the JSON parser does.
    ///
    /// - Throws: ``ImageSizeMetadata/Error`` when a dimension is not finite, not positive or
    ///   over 65,535 pixels.
    public init(pixelWidth: Double, pixelHeight: Double, orientation: ImageOrientation = .up)
        throws(ImageSizeMetadata.Error)
    {
        try Self.validate(pixelWidth, key: "width")
        try Self.validate(pixelHeight, key: "height")
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
    }

    /// Parses the JSON content of an `application/json+imageSize` part, its `orientation`
    /// written in `code` (see ``ImageSizeMetadata/OrientationCode``): UIKit's
    /// `UIImage.Orientation` values unless another client wrote it. For a code that writes the
    /// displayed size, width and height are turned back into the stored size.
    ///
    /// - Throws: ``ImageSizeMetadata/Error`` naming the problem: malformed JSON, a missing or
    ///   non-numeric key, a zero, negative, non-finite or absurd dimension, or an orientation
    ///   the code does not define.
    public init(
        json: Data, orientationCode code: ImageSizeMetadata.OrientationCode = .uiImageOrientation
    ) throws(ImageSizeMetadata.Error) {
        let raw: RawImageSize
        do {
            raw = try JSONDecoder().decode(RawImageSize.self, from: json)
        } catch let error as ImageSizeMetadata.Error {
            throw error
        } catch {
            throw .malformedJSON(Self.describe(error))
        }
        guard let width = raw.width else { throw .missingKey("width") }
        guard let height = raw.height else { throw .missingKey("height") }
        try Self.validate(width, key: "width")
        try Self.validate(height, key: "height")
        var orientation = ImageOrientation.up
        if let value = raw.orientation {
            guard value.rounded() == value, let exact = Int(exactly: value), let found = code.orientation(for: exact)
            else { throw .invalidOrientation(value) }
            orientation = found
        }
        let turned = code.writesDisplayedSize && orientation.swapsWidthAndHeight
        try self.init(
            pixelWidth: turned ? height : width, pixelHeight: turned ? width : height, orientation: orientation)
        if let duration = raw.duration {
            guard duration.isFinite else { throw .notFinite(key: "duration") }
            guard duration >= 0 else { throw .notPositive(key: "duration", value: duration) }
            self.duration = duration
        }
        thumbHash = raw.thumbHash.flatMap { try? ThumbHash(base64: $0) }
        blurHash = raw.blurHash.flatMap { try? BlurHash($0) }
        isAnimated = raw.isAnimated ?? false
    }

    /// The size in pixels as displayed: ``pixelWidth`` × ``pixelHeight``, swapped for the
    /// orientations that turn the image a quarter.
    public var displayedSize: PixelSize {
        orientation.swapsWidthAndHeight
            ? PixelSize(width: pixelHeight, height: pixelWidth) : PixelSize(width: pixelWidth, height: pixelHeight)
    }

    private static func validate(_ value: Double, key: String) throws(ImageSizeMetadata.Error) {
        guard value.isFinite else { throw .notFinite(key: key) }
        guard value > 0 else { throw .notPositive(key: key, value: value) }
        guard value <= maximumDimension else { throw .tooLarge(key: key, value: value) }
    }

    private static func describe(_ error: any Swift.Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.typeMismatch(_, let context): context.debugDescription
        default: String(describing: error)
        }
    }
}

/// The JSON object as decoded, before validation.
private struct RawImageSize: Decodable {
    var width: Double?
    var height: Double?
    var orientation: Double?
    var duration: Double?
    var thumbHash: String?
    var blurHash: String?
    var isAnimated: Bool?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<Key>
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw ImageSizeMetadata.Error.notAnObject
        }
        width = try Self.number(container, "width")
        height = try Self.number(container, "height")
        orientation = try Self.number(container, "orientation")
        duration = try Self.number(container, "duration")
        thumbHash = try? container.decodeIfPresent(String.self, forKey: Key(stringValue: "thumbhash"))
        blurHash = try? container.decodeIfPresent(String.self, forKey: Key(stringValue: "blurhash"))
        isAnimated = try? container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "animated"))
    }

    private static func number(_ container: KeyedDecodingContainer<Key>, _ name: String) throws -> Double? {
        let key = Key(stringValue: name)
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        do {
            return try container.decode(Double.self, forKey: key)
        } catch {
            throw ImageSizeMetadata.Error.notANumber(key: name)
        }
    }
}
