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

    private static func entry(_ tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
        be16(tag) + be16(type) + be32(count) + (value + [0, 0, 0, 0]).prefix(4)
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    private static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
}
