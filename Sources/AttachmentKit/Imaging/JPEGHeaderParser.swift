/// Reads a JPEG's size from its first frame header (SOFn) and its orientation from the Exif
/// `APP1` segment before it, skipping every other segment by its length without reading it.
enum JPEGHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspectionError) -> HeaderFields {
        guard try reader.uint16(at: 0, bigEndian: true) == 0xFFD8 else {
            throw .malformed(.jpeg, reason: "it does not start with SOI")
        }
        var orientation = ImageOrientation.up
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
                throw .malformed(.jpeg, reason: "it ends (EOI) before a frame header")
            case 0xDA:
                throw .malformed(.jpeg, reason: "a scan (SOS) comes before the frame header")
            default:
                break
            }
            let length = try reader.uint16(at: segment, bigEndian: true)
            guard length >= 2 else {
                throw .malformed(.jpeg, reason: "segment FF\(hex(marker)) has length \(length)")
            }
            if isStartOfFrame(marker) {
                return try frame(marker: marker, at: segment, length: length, orientation: orientation, &reader)
            }
            if marker == 0xE1, length >= 2 + 6 + 8,
                try reader.bytes(at: segment + 2, equal: TIFFStructure.exifIdentifier)
            {
                orientation = try TIFFStructure.embeddedOrientation(at: segment + 8, length: length - 8, &reader)
            }
            offset = segment + length
        }
    }

    /// Whether `marker` starts a frame: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    private static func frame(
        marker: Int, at segment: Int, length: Int, orientation: ImageOrientation, _ reader: inout ByteReader
    ) throws(ImageInspectionError) -> HeaderFields {
        guard length >= 8 else { throw .malformed(.jpeg, reason: "the frame header has length \(length)") }
        let height = try reader.uint16(at: segment + 3, bigEndian: true)
        let width = try reader.uint16(at: segment + 5, bigEndian: true)
        if height == 0 { throw .unsupported(.jpeg, feature: "a height defined later by DNL") }
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        return try HeaderFields(
            pixelWidth: width, pixelHeight: height, orientation: orientation, isProgressive: progressive
        ).validated(.jpeg)
    }

    private static func hex(_ byte: Int) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
