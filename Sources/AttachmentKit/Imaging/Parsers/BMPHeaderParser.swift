/// Reads a BMP's size from its information header: 16-bit fields in the old core header
/// (12 bytes), signed 32-bit fields in every later one, where a negative height means the rows
/// are stored top-down.
enum BMPHeaderParser {
    static func parse(_ reader: inout ByteReader) throws(ImageInspector.Error) -> HeaderFields {
        let headerSize = try reader.uint32(at: 14, bigEndian: false)
        if headerSize == 12 {
            return try HeaderFields(
                pixelWidth: reader.uint16(at: 18, bigEndian: false),
                pixelHeight: reader.uint16(at: 20, bigEndian: false)
            ).validated(.bmp)
        }
        let width = Int32(truncatingIfNeeded: try reader.uint32(at: 18, bigEndian: false))
        let height = Int32(truncatingIfNeeded: try reader.uint32(at: 22, bigEndian: false))
        guard width > 0 else { throw .malformed(.bmp, reason: "the width is \(width)") }
        guard height != 0, height != .min else { throw .malformed(.bmp, reason: "the height is \(height)") }
        return HeaderFields(pixelWidth: Int(width), pixelHeight: Int(height.magnitude))
    }
}
