import Foundation

/// Writes an orientation into a JPEG without touching its pixels: an Exif `APP1` segment
/// holding only the `Orientation` tag, inserted after SOI, so that the decoders (and
/// ``ImageInspector``) turn the picture as the original is turned.
///
/// Used for a preview taken from an Exif thumbnail, whose pixels are stored as the original's
/// are (unturned) and which usually carries no orientation of its own.
enum ExifOrientationSegment {
    /// `jpeg` with an Exif segment naming `orientation` right after its SOI, before any other
    /// segment (so that it is the first Exif block, the one decoders read). `jpeg` unchanged
    /// for ``ImageOrientation/up`` or when it does not start with SOI.
    static func inserting(_ orientation: ImageOrientation, into jpeg: Data) -> Data {
        guard orientation != .up, jpeg.count > 2, jpeg.prefix(2) == Data([0xFF, 0xD8]) else { return jpeg }
        let value = UInt8(orientation.exifValue)
        // "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry (274 = Orientation).
        let tiff: [UInt8] =
            [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01]
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]
        let payload = TIFFStructure.exifIdentifier + tiff
        let length = payload.count + 2
        var result = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)])
        result.append(contentsOf: payload)
        result.append(jpeg.dropFirst(2))
        return result
    }
}
