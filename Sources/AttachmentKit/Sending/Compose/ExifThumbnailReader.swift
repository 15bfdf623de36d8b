import Foundation

/// Finds the JPEG thumbnail a camera embeds in a JPEG's Exif block (IFD1's
/// `JPEGInterchangeFormat` and `JPEGInterchangeFormatLength`), reading only the markers before
/// the first scan and the Exif segment itself, never the image data.
enum ExifThumbnailReader {
    /// The most bytes read looking for the thumbnail: the markers before the scan and one
    /// Exif segment, which is at most 64 KiB.
    static let maximumByteCount = 1 << 20

    /// The embedded thumbnail's bytes, or `nil` when the file is not a JPEG, has no Exif block,
    /// no thumbnail in it, or a damaged one (a thumbnail that does not start with SOI).
    static func thumbnail(inJPEGAt url: URL) -> Data? {
        guard let file = try? FileChunkLoader(url: url, limit: maximumByteCount), file.count > 4,
            (try? file.load(at: 0, minimumCount: 4, format: .jpeg)) != nil
        else { return nil }
        var reader = ByteReader(file: file, format: .jpeg, readLimit: ImageInspector.defaultMaximumReadCount)
        return try? thumbnail(&reader)
    }

    private static func thumbnail(_ reader: inout ByteReader) throws(ImageInspector.Error) -> Data? {
        guard try reader.uint16(at: 0, bigEndian: true) == 0xFFD8 else { return nil }
        var offset = 2
        while true {
            guard try reader.uint8(at: offset) == 0xFF else { return nil }
            while try reader.uint8(at: offset) == 0xFF { offset += 1 }
            let marker = try reader.uint8(at: offset)
            // A scan, the end, or a marker without a length: no Exif block before the image data.
            if marker == 0xDA || marker == 0xD9 || marker == 0x01 || (0xD0...0xD8).contains(marker) { return nil }
            let length = try reader.uint16(at: offset + 1, bigEndian: true)
            guard length >= 2 else { return nil }
            if marker == 0xE1, length >= 2 + 6 + 8,
                try reader.bytes(at: offset + 3, equal: TIFFStructure.exifIdentifier)
            {
                return try embeddedThumbnail(at: offset + 9, length: length - 8, &reader)
            }
            offset += 1 + length
        }
    }

    /// The thumbnail in the TIFF structure at `base` (the Exif block after its identifier).
    private static func embeddedThumbnail(
        at base: Int, length: Int, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> Data? {
        let structure = try TIFFStructure(&reader, base: base, length: length)
        let first = try structure.directory(at: structure.firstDirectoryOffset, &reader)
        guard let next = try structure.nextDirectoryOffset(after: first, &reader) else { return nil }
        let second = try structure.directory(at: next, &reader)
        // The tag values are UInt32 (as wide on every platform); start + count within the
        // block's length, an Int, makes both fit in Int.
        guard let rawStart = try structure.value(of: .jpegInterchangeFormat, in: second, &reader),
            let rawCount = try structure.value(of: .jpegInterchangeFormatLength, in: second, &reader),
            rawCount > 4, rawStart >= 8, UInt64(rawStart) + UInt64(rawCount) <= UInt64(length),
            let start = Int(exactly: rawStart), let count = Int(exactly: rawCount)
        else { return nil }
        let bytes = try reader.prefix(count, from: base + start)
        guard bytes.count == count, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        return Data(bytes)
    }
}
