/// Why a JPEG's scan index stopped before the end of the file. The prefixes found before the
/// problem stay valid.
package enum JPEGScanIndexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not start with SOI (`FF D8`).
    case notJPEG
    /// A segment's length field, at `offset`, is under 2.
    case invalidSegmentLength(marker: Int, length: Int, offset: Int)
    /// The frame header at `offset` is too short for its size fields.
    case frameHeaderTooShort(offset: Int)
    /// The frame header at `offset` has a zero width or height (a height defined later by DNL).
    case emptyFrame(offset: Int)
    /// A scan (SOS) at `offset` comes before any frame header.
    case scanBeforeFrame(offset: Int)

    package var description: String {
        switch self {
        case .notJPEG: "the bytes are not a JPEG (no SOI)"
        case .invalidSegmentLength(let marker, let length, let offset):
            "the JPEG segment FF\(String(marker, radix: 16, uppercase: true)) at \(offset) has length \(length)"
        case .frameHeaderTooShort(let offset): "the JPEG frame header at \(offset) is too short"
        case .emptyFrame(let offset): "the JPEG frame header at \(offset) has no width or height"
        case .scanBeforeFrame(let offset): "the JPEG has a scan at \(offset) before its frame header"
        }
    }
}
