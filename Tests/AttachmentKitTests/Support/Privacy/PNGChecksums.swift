import Foundation

@testable import AttachmentKit

extension SyntheticImages {
    /// `png` with every chunk's CRC computed (the synthetic images' are zero, which the metadata
    /// stripper, and so the composer, refuses).
    static func withPNGCRCs(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            let crc = CRC32.checksum(bytes[(offset + 4)..<end])
            bytes.replaceSubrange(end..<end + 4, with: [24, 16, 8, 0].map { UInt8(crc >> $0 & 0xFF) })
            offset = end + 4
        }
        return Data(bytes)
    }
}
