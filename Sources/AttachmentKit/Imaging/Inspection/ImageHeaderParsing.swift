/// What ``ImageInspector`` does once it has the bytes: sniff the format and run its parser.
/// It needs no Foundation, so that `.ci/embedded32` runs it where `Int` is 32 bits.
enum ImageHeaderParsing {
    /// The header of the image in `bytes`, examining at most `limit` bytes in at most
    /// `readLimit` reads.
    static func header(
        of bytes: UnsafeRawBufferPointer, limit: Int, readLimit: Int
    ) throws(ImageInspector.Error) -> ImageHeader {
        var reader = ByteReader(bytes: bytes, format: try format(of: bytes), limit: limit, readLimit: readLimit)
        return try header(&reader)
    }

    /// The image format the first bytes name, or the reason they are no image.
    static func format(of prefix: UnsafeRawBufferPointer) throws(ImageInspector.Error) -> ImageFormat {
        switch FormatSniffer.sniff(prefix) {
        case .image(let format): format
        case .notAnImage(let content): throw .notAnImage(content)
        }
    }

    /// The header of the image `reader` reads, by the parser of its format.
    static func header(_ reader: inout ByteReader) throws(ImageInspector.Error) -> ImageHeader {
        let fields: HeaderFields
        switch reader.format {
        case .jpeg: fields = try JPEGHeaderParser.parse(&reader)
        case .png: fields = try PNGHeaderParser.parse(&reader)
        case .gif: fields = try GIFHeaderParser.parse(&reader)
        case .webp: fields = try WebPHeaderParser.parse(&reader)
        case .heic, .heif, .avif: fields = try HEIFHeaderParser.parse(&reader)
        case .bmp: fields = try BMPHeaderParser.parse(&reader)
        case .tiff: fields = try TIFFHeaderParser.parse(&reader)
        }
        return ImageHeader(
            format: reader.format, pixelWidth: fields.pixelWidth, pixelHeight: fields.pixelHeight,
            orientation: fields.orientation, isProgressive: fields.isProgressive, isAnimated: fields.isAnimated,
            animation: fields.animation, inspectedByteCount: reader.inspectedByteCount)
    }
}
