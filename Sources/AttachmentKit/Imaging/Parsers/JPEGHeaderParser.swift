/// Reads a JPEG's size from its first frame header (SOFn) and its orientation from the first
/// Exif `APP1` segment before the first scan (SOS), wherever it lies before that scan, as
/// decoders do. Every other segment is skipped by its length without being read.
///
/// The first Exif segment wins: a later one (a second Exif block written by an editor) is not
/// read, as in ImageMagick, exiftool and the browsers. When that segment came before the frame
/// header, the parser stops at the frame header; otherwise it walks on to the scan. A walk
/// after the frame header that the input cuts short (a partial download) or that meets a
/// damaged segment still gives the frame's size, with the orientation found so far.
enum JPEGHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        guard try reader.uint16(at: 0, bigEndian: true) == 0xFFD8 else {
            throw .malformed(.jpeg, reason: "it does not start with SOI")
        }
        var walk = Walk()
        do throws(ImageInspector.Error) {
            try walk.run(&reader)
        } catch {
            // After the frame header, a walk cut short still leaves a usable header.
            guard walk.frame != nil, !error.isAboutTheReadNotTheFormat else { throw error }
        }
        guard var fields = walk.frame else { throw .malformed(.jpeg, reason: "it has no frame header") }
        fields.orientation = walk.orientation ?? .up
        return fields
    }

    /// The markers read so far: the first frame header and the first Exif orientation.
    private struct Walk {
        var frame: HeaderFields?
        var orientation: ImageOrientation?

        /// Walks the markers from after SOI until the first scan, or until the frame header
        /// when the first Exif segment came before it.
        mutating func run(_ reader: inout ByteReader) throws(ImageInspector.Error) {
            var offset = 2
            while true {
                // Skip anything up to a marker, then the fill bytes (extra 0xFF) before its code.
                while try reader.uint8(at: offset) != 0xFF { offset += 1 }
                while try reader.uint8(at: offset) == 0xFF { offset += 1 }
                let marker = try reader.uint8(at: offset)
                let segment = offset + 1
                switch marker {
                case 0x00, 0x01, 0xD0...0xD8:
                    // A stuffed zero, TEM, a restart marker or a repeated SOI: no length follows.
                    offset = segment
                    continue
                case 0xD9:
                    guard frame != nil else { throw .malformed(.jpeg, reason: "it ends (EOI) before a frame header") }
                    return
                case 0xDA:
                    guard frame != nil else {
                        throw .malformed(.jpeg, reason: "a scan (SOS) comes before the frame header")
                    }
                    return
                default:
                    break
                }
                let length = try reader.uint16(at: segment, bigEndian: true)
                guard length >= 2 else {
                    throw .malformed(.jpeg, reason: "segment FF\(hex(marker)) has length \(length)")
                }
                if frame == nil, isStartOfFrame(marker) {
                    frame = try JPEGHeaderParser.frame(marker: marker, at: segment, length: length, &reader)
                    // The first Exif segment is already read: nothing later changes the header.
                    if orientation != nil { return }
                } else if orientation == nil, marker == 0xE1, length >= 2 + 6 + 8,
                    try reader.bytes(at: segment + 2, equal: TIFFStructure.exifIdentifier)
                {
                    orientation = try TIFFStructure.embeddedOrientation(at: segment + 8, length: length - 8, &reader)
                }
                offset = segment + length
            }
        }
    }

    /// Whether `marker` starts a frame: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    static func isStartOfFrame(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// Whether the frame marker `marker` starts a progressive frame: SOF2, SOF6, SOF10, SOF14.
    static func isProgressiveFrame(_ marker: Int) -> Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) }

    private static func frame(
        marker: Int, at segment: Int, length: Int, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> HeaderFields {
        guard length >= 8 else { throw .malformed(.jpeg, reason: "the frame header has length \(length)") }
        let height = try reader.uint16(at: segment + 3, bigEndian: true)
        let width = try reader.uint16(at: segment + 5, bigEndian: true)
        if height == 0 { throw .unsupported(.jpeg, feature: "a height defined later by DNL") }
        let progressive = isProgressiveFrame(marker)
        return try HeaderFields(pixelWidth: width, pixelHeight: height, isProgressive: progressive).validated(.jpeg)
    }

    private static func hex(_ byte: Int) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
