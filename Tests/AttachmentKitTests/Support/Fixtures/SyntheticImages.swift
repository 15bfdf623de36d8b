import Foundation

/// Hand-made headers of every format, small enough to read in a test.
enum SyntheticImages {
    /// A TIFF structure: header, one IFD with `entries` (tag, type, value), and a next-IFD
    /// offset. Values are inline (SHORT or LONG).
    static func tiff(
        entries: [(tag: Int, type: Int, value: Int)], bigEndian: Bool = true, firstIFD: Int = 8,
        nextIFD: Int = 0, extraIFDs: [(offset: Int, entries: [(tag: Int, type: Int, value: Int)], next: Int)] = []
    ) -> Data {
        var writer = ImagingByteWriter(bigEndian ? [0x4D, 0x4D] : [0x49, 0x49])
        writer.uint16(42, bigEndian: bigEndian)
        writer.uint32(firstIFD, bigEndian: bigEndian)
        var directories = [(offset: firstIFD, entries: entries, next: nextIFD)] + extraIFDs
        directories.sort { $0.offset < $1.offset }
        for directory in directories {
            if writer.count < directory.offset { writer.zeros(directory.offset - writer.count) }
            writer.uint16(directory.entries.count, bigEndian: bigEndian)
            for entry in directory.entries {
                writer.uint16(entry.tag, bigEndian: bigEndian)
                writer.uint16(entry.type, bigEndian: bigEndian)
                writer.uint32(1, bigEndian: bigEndian)
                if entry.type == 3 {
                    writer.uint16(entry.value, bigEndian: bigEndian)
                    writer.uint16(0, bigEndian: bigEndian)
                } else {
                    writer.uint32(entry.value, bigEndian: bigEndian)
                }
            }
            writer.uint32(directory.next, bigEndian: bigEndian)
        }
        return writer.data
    }

    /// An Exif block (a TIFF structure with only an orientation tag in IFD0).
    static func exif(orientation: Int, bigEndian: Bool = true, nextIFD: Int = 0) -> Data {
        tiff(entries: [(274, 3, orientation)], bigEndian: bigEndian, nextIFD: nextIFD)
    }

    /// A JPEG segment: marker, big-endian length (payload + 2), payload.
    static func segment(_ marker: UInt8, _ payload: Data, length: Int? = nil) -> Data {
        var writer = ImagingByteWriter([0xFF, marker])
        writer.uint16(length ?? payload.count + 2)
        writer.append(payload)
        return writer.data
    }

    /// A JPEG frame header payload (SOFn) for `width` × `height`, three components.
    static func framePayload(width: Int, height: Int) -> Data {
        var writer = ImagingByteWriter()
        writer.uint8(8)
        writer.uint16(height)
        writer.uint16(width)
        writer.uint8(3)
        for component in 1...3 { writer.bytes([UInt8(component), 0x11, 0]) }
        return writer.data
    }

    /// A JPEG: SOI, the `before` bytes (segments, fill bytes…), a frame header, then SOS/EOI.
    static func jpeg(width: Int = 640, height: Int = 480, frameMarker: UInt8 = 0xC0, before: [Data] = []) -> Data {
        var writer = ImagingByteWriter([0xFF, 0xD8])
        for part in before { writer.append(part) }
        writer.append(segment(frameMarker, framePayload(width: width, height: height)))
        writer.append(segment(0xDA, Data([1, 1, 0, 0, 63, 0])))
        writer.bytes([0x12, 0x34, 0xFF, 0xD9])
        return writer.data
    }

    /// An Exif `APP1` segment holding `tiff`.
    static func exifSegment(_ tiff: Data) -> Data {
        segment(0xE1, Data("Exif".utf8) + Data([0, 0]) + tiff)
    }

    /// A PNG chunk with a zero CRC (the inspector does not check CRCs).
    static func pngChunk(_ type: String, _ payload: Data, length: Int? = nil) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(length ?? payload.count)
        writer.text(type)
        writer.append(payload)
        writer.uint32(0)
        return writer.data
    }

    /// A PNG: signature, IHDR, `chunks`, then IDAT and IEND unless `imageData` is false.
    static func png(
        width: Int = 320, height: Int = 200, interlace: UInt8 = 0, chunks: [Data] = [], imageData: Bool = true
    ) -> Data {
        var writer = ImagingByteWriter([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = ImagingByteWriter()
        header.uint32(width)
        header.uint32(height)
        header.bytes([8, 2, 0, 0, interlace])
        writer.append(pngChunk("IHDR", header.data))
        for chunk in chunks { writer.append(chunk) }
        if imageData {
            writer.append(pngChunk("IDAT", Data([0x78, 0x9C, 0x03, 0x00])))
            writer.append(pngChunk("IEND", Data()))
        }
        return writer.data
    }

    /// A GIF: header, logical screen, then `blocks` and the trailer unless `trailer` is false.
    static func gif(width: Int = 100, height: Int = 60, blocks: [Data], trailer: Bool = true) -> Data {
        var writer = ImagingByteWriter()
        writer.text("GIF89a")
        writer.uint16(width, bigEndian: false)
        writer.uint16(height, bigEndian: false)
        writer.bytes([0, 0, 0])
        for block in blocks { writer.append(block) }
        if trailer { writer.uint8(0x3B) }
        return writer.data
    }

    /// A GIF image descriptor with one data sub-block.
    static func gifFrame(width: Int = 100, height: Int = 60, interlaced: Bool = false) -> Data {
        var writer = ImagingByteWriter([0x2C, 0, 0, 0, 0])
        writer.uint16(width, bigEndian: false)
        writer.uint16(height, bigEndian: false)
        writer.uint8(interlaced ? 0x40 : 0)
        writer.bytes([2, 2, 0x4C, 0x01, 0])
        return writer.data
    }

    /// A `NETSCAPE2.0` looping extension.
    static let gifLoopingExtension: Data = {
        var writer = ImagingByteWriter([0x21, 0xFF, 11])
        writer.text("NETSCAPE2.0")
        writer.bytes([3, 1, 0, 0, 0])
        return writer.data
    }()

    /// A BMP header with an information header of `headerSize` bytes.
    static func bmp(width: Int, height: Int, headerSize: Int = 40) -> Data {
        var writer = ImagingByteWriter()
        writer.text("BM")
        writer.uint32(14 + headerSize, bigEndian: false)
        writer.uint32(0, bigEndian: false)
        writer.uint32(14 + headerSize, bigEndian: false)
        writer.uint32(headerSize, bigEndian: false)
        if headerSize == 12 {
            writer.uint16(width, bigEndian: false)
            writer.uint16(height, bigEndian: false)
            writer.zeros(4)
        } else {
            writer.uint32(width, bigEndian: false)
            writer.uint32(height, bigEndian: false)
            writer.zeros(headerSize - 12)
        }
        return writer.data
    }
}
