import Foundation

/// A ThumbHash (evanw/thumbhash): an image's placeholder in about 25 bytes, with its colours,
/// alpha and an approximate aspect ratio.
///
/// A value is always a valid hash: the initialisers check every header field and the exact
/// length the header calls for, and throw ``ThumbHash/Error`` instead of reading past the end,
/// as the reference decoders do on a truncated hash.
public struct ThumbHash: Sendable, Equatable {
    /// The longest valid hash: 25 bytes (with alpha; 24 without).
    package static let maximumByteCount = 25
    /// The longest side of ``image(longestSide:)``'s default size, as in the reference decoder.
    @usableFromInline package static let naturalLongestSide = 32

    /// The hash's bytes.
    public let bytes: [UInt8]
    let header: ThumbHashHeader

    /// Checks `bytes` as a ThumbHash.
    ///
    /// - Throws: ``ThumbHash/Error`` when the bytes are too short for the header, a header field
    ///   is out of range, or the length differs from the one the header calls for.
    public init(bytes: [UInt8]) throws(ThumbHash.Error) {
        header = try ThumbHashHeader(bytes)
        self.bytes = bytes
    }

    /// Reads a ThumbHash sent as base64 (the standard alphabet; the `=` padding optional).
    ///
    /// - Throws: ``ThumbHash/Error/notBase64(_:)`` when the string is not base64 or too long to
    ///   be a hash, or the errors of ``init(bytes:)``.
    public init(base64: String) throws(ThumbHash.Error) {
        let longest = (Self.maximumByteCount + 2) / 3 * 4
        let text = base64.utf8.count <= longest ? base64 : ""
        var padded = text
        if text.utf8.count % 4 != 0 { padded += String(repeating: "=", count: 4 - text.utf8.count % 4) }
        guard !text.isEmpty, let data = Data(base64Encoded: padded) else {
            throw .notBase64(String(base64.prefix(64)))
        }
        try self.init(bytes: [UInt8](data))
    }

    /// The hash in standard base64, padded.
    public var base64: String { Data(bytes).base64EncodedString() }

    /// Width over height as the hash records it: coarse (4:1 reads 3.5, 2:1 reads 1.75, and
    /// the ratio is capped at 7 and 1/7). Lay images out from their size part instead.
    public var approximateAspectRatio: Double { header.approximateAspectRatio }

    /// Whether the image the hash was made from has transparent pixels.
    public var hasAlpha: Bool { header.hasAlpha }

    /// The image's average colour.
    public var averageColor: PlaceholderImage.Color { header.averageColor }

    /// The size ``image(longestSide:)`` decodes at: `longestSide` along the long side of the
    /// approximate aspect ratio, and the other side in proportion (rounded, at least 1).
    public func size(longestSide: Int = ThumbHash.naturalLongestSide) -> (width: Int, height: Int) {
        let ratio = approximateAspectRatio
        let side = Double(longestSide)
        let rounded = { (value: Double) in max(1, Int((value + 0.5).rounded(.down))) }
        return ratio > 1 ? (longestSide, rounded(side / ratio)) : (rounded(side * ratio), longestSide)
    }

    /// The placeholder, `longestSide` pixels along its long side (32 by default, as the
    /// reference decoder), each byte within 1 of the reference algorithm's.
    ///
    /// - Throws: ``ThumbHash/Error/sizeOutOfRange(_:)`` when `longestSide` is outside 1 to
    ///   256.
    public func image(longestSide: Int = ThumbHash.naturalLongestSide) throws(ThumbHash.Error) -> PlaceholderImage {
        guard PlaceholderSizeRequest.isValid(width: longestSide, height: longestSide) else {
            throw .sizeOutOfRange(longestSide)
        }
        let (width, height) = size(longestSide: longestSide)
        let rgba = ThumbHashRenderer(header: header, bytes: bytes).render(width: width, height: height)
        return PlaceholderImage(
            width: width, height: height, rgba: rgba, averageColor: averageColor,
            approximateAspectRatio: approximateAspectRatio)
    }

    /// Whether two hashes have the same bytes.
    public static func == (lhs: ThumbHash, rhs: ThumbHash) -> Bool { lhs.bytes == rhs.bytes }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
