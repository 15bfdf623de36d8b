import Foundation

/// ISO media files built by hand for tests that need boxes no muxer writes: hostile sizes,
/// counts, depths and matrices.
enum SyntheticMovies {
    /// The unity matrix: 1, 0, 0 / 0, 1, 0 / 0, 0, 1 with the last column in 2.30.
    static let unity: [Int32] = [0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000]

    /// A matrix turning a quarter clockwise (exiftool's Rotation 90).
    static let clockwise90: [Int32] = [0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000]

    static func mvhd(timescale: Int = 1000, duration: Int = 2500, matrix: [Int32] = unity, version: UInt8 = 0) -> Data {
        var writer = timing(version: version, timescale: timescale, duration: duration)
        writer.uint32(0x1_0000)  // rate
        writer.uint16(0x100)  // volume
        writer.zeros(10)
        for value in matrix { writer.uint32(Int(value)) }
        writer.zeros(24)
        writer.uint32(2)  // next track ID
        return SyntheticImages.fullBox("mvhd", version: version, writer.data)
    }

    /// The times, time scale and duration that start `mvhd` and `mdhd`: 32-bit times and duration
    /// in version 0, 64-bit in version 1 (where a duration of -1 is all ones).
    private static func timing(version: UInt8, timescale: Int, duration: Int) -> ImagingByteWriter {
        var writer = ImagingByteWriter()
        if version == 1 {
            writer.uint64(0)
            writer.uint64(0)
            writer.uint32(timescale)
            writer.uint64(UInt64(truncatingIfNeeded: duration))
        } else {
            writer.uint32(0)
            writer.uint32(0)
            writer.uint32(timescale)
            writer.uint32(duration)
        }
        return writer
    }

    static func tkhd(id: Int = 1, width: Int = 640, height: Int = 360, matrix: [Int32] = unity) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(0)
        writer.uint32(0)
        writer.uint32(id)
        writer.uint32(0)
        writer.uint32(2500)
        writer.zeros(8)
        writer.zeros(8)  // layer, alternate group, volume, reserved
        for value in matrix { writer.uint32(Int(value)) }
        writer.uint32(width << 16)
        writer.uint32(height << 16)
        return SyntheticImages.fullBox("tkhd", flags: 3, writer.data)
    }

    static func mdhd(timescale: Int = 90000, duration: Int = 225_000, version: UInt8 = 0) -> Data {
        var writer = timing(version: version, timescale: timescale, duration: duration)
        writer.uint32(0x55C4_0000)  // "und", pre_defined
        return SyntheticImages.fullBox("mdhd", version: version, writer.data)
    }

    static func hdlr(_ handler: String = "vide") -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(0)
        writer.text(handler)
        writer.zeros(13)
        return SyntheticImages.fullBox("hdlr", writer.data)
    }

    /// A sample description with one entry of type `codec`.
    static func stsd(_ codec: String = "avc1", entryCount: Int = 1) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(entryCount)
        writer.append(SyntheticImages.box(codec, Data(count: 78)))
        return SyntheticImages.fullBox("stsd", writer.data)
    }

    /// A table box of `type` claiming `count` entries, holding `stored` of `entrySize` bytes.
    static func table(_ type: String, count: Int, stored: Int = 1, entrySize: Int = 8) -> Data {
        var writer = ImagingByteWriter()
        if type == "stsz" { writer.uint32(0) }
        writer.uint32(count)
        writer.zeros(stored * entrySize)
        return SyntheticImages.fullBox(type, writer.data)
    }

    static func trak(_ children: [Data]) -> Data { SyntheticImages.box("trak", children.reduce(Data(), +)) }

    /// A video track of `width` × `height` with `matrix`, `stbl` children and `mediaHeader`.
    static func videoTrack(
        id: Int = 1, width: Int = 640, height: Int = 360, matrix: [Int32] = unity, sampleTables: [Data]? = nil,
        mediaHeader: Data = mdhd()
    ) -> Data {
        let tables = sampleTables ?? [stsd(), table("stts", count: 1), table("stsz", count: 1, entrySize: 4)]
        let stbl = SyntheticImages.box("stbl", tables.reduce(Data(), +))
        let minf = SyntheticImages.box("minf", stbl)
        let mdia = SyntheticImages.box("mdia", mediaHeader + hdlr() + minf)
        return trak([tkhd(id: id, width: width, height: height, matrix: matrix), mdia])
    }

    /// `ftyp`, then `moov` holding `mvhd` and `tracks`, and a small `mdat` before or after it.
    static func movie(
        movieHeader: Data = mvhd(), tracks: [Data] = [videoTrack()], moovFirst: Bool = true, brand: String = "isom"
    ) -> Data {
        let ftyp = SyntheticImages.ftyp(brand, compatible: [brand, "mp41"])
        let moov = SyntheticImages.box("moov", movieHeader + tracks.reduce(Data(), +))
        let mdat = SyntheticImages.box("mdat", Data(count: 64))
        return ftyp + (moovFirst ? moov + mdat : mdat + moov)
    }

    /// The offsets of the box headers in a file built here: where a known box type follows a
    /// 32-bit size.
    static func boxOffsets(in data: Data) -> [Int] {
        let types: Set = [
            "ftyp", "moov", "mdat", "mvhd", "trak", "tkhd", "mdia", "mdhd", "hdlr", "minf", "stbl", "stsd", "avc1",
            "stts", "stsz", "stco", "mvex", "mehd",
        ]
        let bytes = [UInt8](data)
        return (0..<max(0, bytes.count - 7)).filter { offset in
            types.contains(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
        }
    }

    /// `data` with the 32-bit big-endian `value` written at `offset`.
    static func patching(_ data: Data, at offset: Int, uint32 value: UInt32) -> Data {
        var copy = data
        for index in 0..<4 {
            copy[copy.startIndex + offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index)))
        }
        return copy
    }
}
