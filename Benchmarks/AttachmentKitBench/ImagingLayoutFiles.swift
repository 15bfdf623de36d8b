import AttachmentKit
import Foundation

/// Files with a long walk before their metadata, written at run time: an animated WebP whose
/// `EXIF` chunk follows 150 frames, and a hostile WebP of 100,000 empty chunks.
enum ImagingLayoutFiles {
    /// A byte range of a file.
    struct Range {
        let offset: Int
        let length: Int
    }

    /// An animated WebP of `frames` frames of `frameByteCount` bytes each (VP8X with the
    /// animation and EXIF flags, ANIM, the ANMF chunks), then an `EXIF` chunk with orientation 6,
    /// where exiftool appends it.
    static func animatedWebP(frames: Int = 150, frameByteCount: Int = 28_000) -> Data {
        var generator = SplitMix64(seed: 150)
        var chunks = [chunk("VP8X", vp8x(flags: 0x0A, width: 1920, height: 1080)), chunk("ANIM", Data(count: 6))]
        for _ in 0..<frames {
            // The frame's header (offsets, size, duration), then its bitstream: noise, since it is never read.
            var frame = Data(count: 16)
            var bitstream = [UInt8](repeating: 0, count: frameByteCount - 24)
            for index in bitstream.indices { bitstream[index] = UInt8(truncatingIfNeeded: generator.next()) }
            frame += chunk("VP8 ", Data(bitstream))
            chunks.append(chunk("ANMF", frame))
        }
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        chunks.append(chunk("EXIF", Data(tiff)))
        return riff(chunks)
    }

    /// An extended WebP whose flags announce EXIF, a 1 × 1 lossless image, then `count` empty
    /// chunks and no EXIF: a walk of many reads that finds nothing.
    static func emptyChunksWebP(count: Int = 100_000) -> Data {
        let image = chunk("VP8L", Data([0x2F, 0, 0, 0, 0]))
        return riff(
            [chunk("VP8X", vp8x(flags: 0x08, width: 1, height: 1)), image]
                + Array(repeating: chunk("JUNK", Data()), count: count))
    }

    /// What a walk to the `EXIF` chunk must read at least: the RIFF header, every chunk header
    /// and the `EXIF` payload.
    static func walkRanges(_ data: Data) -> [Range] {
        var ranges = [Range(offset: 0, length: 12)]
        var offset = 12
        while offset + 8 <= data.count {
            let size = data[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            ranges.append(Range(offset: offset, length: 8))
            if data[offset..<offset + 4].elementsEqual("EXIF".utf8) {
                ranges.append(Range(offset: offset + 8, length: size))
                break
            }
            offset += 8 + size + size % 2
        }
        return ranges
    }

    /// Opens `url` and reads `ranges` with `pread`, the least any walker does; returns the bytes read.
    static func read(_ ranges: [Range], of url: URL) -> Int {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: ranges.map(\.length).max() ?? 0)
        var total = 0
        for range in ranges { total += pread(descriptor, &buffer, range.length, off_t(range.offset)) }
        return total
    }

    /// Writes `data` to a new file in the temporary folder and returns its URL.
    static func write(_ data: Data, name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try data.write(to: url)
        return url
    }

    private static func vp8x(flags: UInt8, width: Int, height: Int) -> Data {
        Data([flags, 0, 0, 0]) + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
    }

    private static func chunk(_ code: String, _ payload: Data) -> Data {
        Data(code.utf8) + littleEndian(payload.count, 4) + payload + (payload.count % 2 == 1 ? Data([0]) : Data())
    }

    private static func riff(_ chunks: [Data]) -> Data {
        let body = Data("WEBP".utf8) + chunks.reduce(Data(), +)
        return Data("RIFF".utf8) + littleEndian(body.count, 4) + body
    }

    private static func littleEndian(_ value: Int, _ byteCount: Int) -> Data {
        Data((0..<byteCount).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
}
