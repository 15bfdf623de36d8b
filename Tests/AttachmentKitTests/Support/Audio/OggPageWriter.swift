@testable import AttachmentKit

/// Builds Ogg pages byte by byte (RFC 3533), with a correct CRC-32 unless told otherwise: the
/// hostile and edge-case files of the audio tests.
enum OggPageWriter {
    /// The `OpusHead` packet of a mono or stereo stream.
    static func opusHead(channels: UInt8 = 1, preSkip: UInt16 = 312, inputRate: UInt32 = 48_000) -> [UInt8] {
        Array("OpusHead".utf8) + [1, channels] + le(UInt64(preSkip), 2) + le(UInt64(inputRate), 4) + [0, 0, 0]
    }

    /// An `OpusTags` packet with `vendor`.
    static func opusTags(vendor: String = "test") -> [UInt8] {
        Array("OpusTags".utf8) + le(UInt64(vendor.utf8.count), 4) + Array(vendor.utf8) + le(0, 4)
    }

    /// A 20 ms CELT Opus packet (TOC configuration 31, one frame): 960 samples at 48 kHz.
    static let audioPacket: [UInt8] = [31 << 3, 0xAA, 0xBB]

    /// A page of `packets`, each whole, with the given flags (0x02 beginning, 0x04 end).
    static func page(
        serial: UInt32, sequence: UInt32, granule: Int64, flags: UInt8 = 0, packets: [[UInt8]], validCRC: Bool = true
    ) -> [UInt8] {
        var lacing: [UInt8] = []
        for packet in packets {
            lacing += [UInt8](repeating: 255, count: packet.count / 255) + [UInt8(packet.count % 255)]
        }
        var bytes = Array("OggS".utf8) + [0, flags] + le(UInt64(bitPattern: granule), 8) + le(UInt64(serial), 4)
        bytes += le(UInt64(sequence), 4) + [0, 0, 0, 0] + [UInt8(lacing.count)] + lacing + packets.flatMap { $0 }
        let crc = OggCRC32.checksum(of: bytes, checksumOffset: 22) ^ (validCRC ? 0 : 1)
        bytes.replaceSubrange(22..<26, with: le(UInt64(crc), 4))
        return bytes
    }

    /// An Opus stream: its two header pages, then `audioPages` pages of `packetsPerPage` 20 ms
    /// packets, each with the granule of the samples so far (or the granule `granuleOf` gives).
    static func opusStream(
        serial: UInt32 = 7, preSkip: UInt16 = 312, audioPages: Int, packetsPerPage: Int = 5,
        granuleOf: (Int, Int64) -> Int64 = { $1 }
    ) -> [UInt8] {
        var bytes = page(serial: serial, sequence: 0, granule: 0, flags: 0x02, packets: [opusHead(preSkip: preSkip)])
        bytes += page(serial: serial, sequence: 1, granule: 0, packets: [opusTags()])
        var samples: Int64 = 0
        for index in 0..<audioPages {
            samples += Int64(960 * packetsPerPage)
            bytes += page(
                serial: serial, sequence: UInt32(index + 2), granule: granuleOf(index, samples),
                flags: index == audioPages - 1 ? 0x04 : 0,
                packets: Array(repeating: audioPacket, count: packetsPerPage))
        }
        return bytes
    }

    static func le(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
