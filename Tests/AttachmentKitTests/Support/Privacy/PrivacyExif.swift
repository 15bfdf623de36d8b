import Foundation

/// EXIF blocks written by hand, for what exiftool can't write from nothing (a MakerNote).
enum PrivacyExif {
    /// `jpeg` with an Exif segment before its others whose EXIF directory holds a MakerNote of
    /// `note` (an unknown maker's, which exiftool reads as `MakerNoteUnknownText`).
    static func insertingMakerNote(_ note: [UInt8], into jpeg: Data) -> Data {
        // Big-endian TIFF: IFD0 at 8 with Make and the EXIF pointer, the EXIF directory after it.
        let exifOffset = 8 + 2 + 2 * 12 + 4 + 6
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8)
        tiff += be16(2) + entry(0x010F, type: 2, count: 6, value: Array("Maker".utf8) + [0, 0, 0])
        tiff += entry(0x8769, type: 4, count: 1, value: be32(exifOffset)) + be32(0)
        tiff += Array("Maker".utf8) + [0]
        let noteOffset = exifOffset + 2 + 2 * 12 + 4
        tiff += be16(2) + entry(0x9000, type: 7, count: 4, value: Array("0232".utf8))
        tiff += entry(0x927C, type: 7, count: note.count, value: be32(noteOffset)) + be32(0) + note
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        var result = Data([0xFF, 0xD8, 0xFF, 0xE1] + be16(payload.count + 2) + payload)
        result.append(jpeg.dropFirst(2))
        return result
    }

    /// A JPEG with an MPF index (`APP2`, right after SOI) naming `secondary`, stored after the
    /// primary image `primary`, as a phone stores an HDR gain map.
    static func multiPicture(primary: Data, secondary: Data) -> Data {
        // "MPF\0", then a big-endian TIFF header whose IFD (at 8) holds the version, the image
        // count and the two 16-byte MP entries (at 50).
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8) + be16(3)
        tiff += entry(0xB000, type: 7, count: 4, value: Array("0100".utf8))
        tiff += entry(0xB001, type: 4, count: 1, value: be32(2))
        tiff += entry(0xB002, type: 7, count: 32, value: be32(50)) + be32(0)
        let segmentLength = 2 + 4 + tiff.count + 32
        let primaryLength = primary.count + 2 + segmentLength
        // Offsets count from the TIFF header: after SOI, the marker, the length and "MPF\0".
        let header = 2 + 4 + 4
        tiff += be32(0x0003_0000) + be32(primaryLength) + be32(0) + [0, 0, 0, 0]
        tiff += be32(0x0000_0000) + be32(secondary.count) + be32(primaryLength - header) + [0, 0, 0, 0]
        var result = Data([0xFF, 0xD8, 0xFF, 0xE2] + be16(segmentLength) + Array("MPF".utf8) + [0] + tiff)
        result.append(primary.dropFirst(2))
        result.append(secondary)
        return result
    }

    private static func entry(_ tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
        be16(tag) + be16(type) + be32(count) + (value + [0, 0, 0, 0]).prefix(4)
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    private static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
}
