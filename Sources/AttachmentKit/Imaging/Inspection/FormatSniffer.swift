import Foundation

/// Tells an image format from the first bytes of content, and says what non-image content looks
/// like. Reads at most ``examinedPrefixLength`` bytes.
enum FormatSniffer {
    /// What the first bytes are.
    enum Result: Equatable {
        /// An image in this format (its header still has to be read to be sure it is whole).
        case image(ImageFormat)
        /// Not an image.
        case notAnImage(ImageInspector.NonImageContent)
    }

    /// The most bytes the sniffer looks at.
    static let examinedPrefixLength = 512

    /// Sniffs `data`, the content or its first bytes.
    static func sniff(_ data: Data) -> Result {
        data.withUnsafeBytes { sniff($0) }
    }

    /// The magic bytes at offset 0 of each format, checked in order.
    private static let signatures: [(magic: [UInt8], format: ImageFormat)] = [
        ([0xFF, 0xD8, 0xFF], .jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF87a".utf8), .gif), (Array("GIF89a".utf8), .gif),
        ([0x49, 0x49, 0x2A, 0x00], .tiff), ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
        ([0x49, 0x49, 0x2B, 0x00], .tiff), ([0x4D, 0x4D, 0x00, 0x2B], .tiff),  // BigTIFF
    ]
    private static let riff = Array("RIFF".utf8)
    private static let webp = Array("WEBP".utf8)
    private static let bitmap = Array("BM".utf8)
    private static let ftyp = Array("ftyp".utf8)

    /// Sniffs `prefix`, the first bytes of the content (at least ``examinedPrefixLength`` when the
    /// content has them).
    static func sniff(_ prefix: UnsafeRawBufferPointer) -> Result {
        let bytes = MagicBytes(prefix)
        for signature in signatures where bytes.starts(with: signature.magic) { return .image(signature.format) }
        if bytes.starts(with: riff), bytes.has(webp, at: 8) { return .image(.webp) }
        if bytes.starts(with: bitmap), isBitmapHeaderSize(bytes.uint32LittleEndian(at: 14)) {
            return .image(.bmp)
        }
        if bytes.has(ftyp, at: 4) {
            let brands = HEIFBrands(ftypPrefix: prefix)
            if let format = brands.format { return .image(format) }
            return .notAnImage(.otherMedia(brand: brands.major))
        }
        return .notAnImage(
            NonImageClassifier.classify(UnsafeRawBufferPointer(rebasing: prefix.prefix(examinedPrefixLength))))
    }

    /// Whether `size` is the length of a BMP information header (core, OS/2 or Windows 3–5);
    /// `nil` (a prefix too short to hold it) counts, so that a short BMP is reported truncated.
    private static func isBitmapHeaderSize(_ size: UInt32?) -> Bool {
        guard let size else { return true }
        return [12, 16, 40, 52, 56, 64, 108, 124].contains(size)
    }
}

/// Comparisons on the first bytes of content that never read past its end.
struct MagicBytes {
    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether the content starts with `magic`.
    func starts(with magic: [UInt8]) -> Bool { has(magic, at: 0) }

    /// Whether the content holds `magic` at `offset`.
    func has(_ magic: [UInt8], at offset: Int) -> Bool {
        guard bytes.count >= offset + magic.count else { return false }
        for (index, byte) in magic.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// The big-endian 32-bit integer at `offset`, or `nil` past the end.
    func uint32BigEndian(at offset: Int) -> UInt32? {
        guard bytes.count >= offset + 4 else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// The little-endian 32-bit integer at `offset`, or `nil` past the end.
    func uint32LittleEndian(at offset: Int) -> UInt32? {
        uint32BigEndian(at: offset).map { $0.byteSwapped }
    }
}
