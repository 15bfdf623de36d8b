import Foundation

/// Hand-made WebP (RIFF) and HEIF (ISO-BMFF) files.
extension SyntheticImages {
    /// A RIFF chunk, padded to an even length.
    static func riffChunk(_ code: String, _ payload: Data, size: Int? = nil) -> Data {
        var writer = ImagingByteWriter()
        writer.text(code)
        writer.uint32(size ?? payload.count, bigEndian: false)
        writer.append(payload)
        if payload.count % 2 == 1 { writer.zeros(1) }
        return writer.data
    }

    /// A WebP file holding `chunks`, with a RIFF size that covers them unless given.
    static func webp(_ chunks: [Data], riffSize: Int? = nil) -> Data {
        let body = chunks.reduce(Data(), +)
        var writer = ImagingByteWriter()
        writer.text("RIFF")
        writer.uint32(riffSize ?? body.count + 4, bigEndian: false)
        writer.text("WEBP")
        writer.append(body)
        return writer.data
    }

    /// A `VP8X` payload: flags and the canvas size.
    static func vp8xPayload(flags: UInt8, width: Int, height: Int) -> Data {
        var writer = ImagingByteWriter([flags, 0, 0, 0])
        writer.uint24(width - 1, bigEndian: false)
        writer.uint24(height - 1, bigEndian: false)
        return writer.data
    }

    /// An ISO-BMFF box (`size` overrides the computed size, for broken boxes).
    static func box(_ type: String, _ payload: Data = Data(), size: Int? = nil) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(size ?? payload.count + 8)
        writer.text(type)
        writer.append(payload)
        return writer.data
    }

    /// A full box: version, flags, then the payload.
    static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: Data = Data()) -> Data {
        var writer = ImagingByteWriter([version])
        writer.uint24(flags)
        writer.append(payload)
        return box(type, writer.data)
    }

    /// An `ftyp` box with `major` and `compatible` brands.
    static func ftyp(_ major: String = "heic", compatible: [String] = ["mif1", "heic"]) -> Data {
        var writer = ImagingByteWriter()
        writer.text(major)
        writer.uint32(0)
        for brand in compatible { writer.text(brand) }
        return box("ftyp", writer.data)
    }

    /// An `ispe` property.
    static func ispe(width: Int, height: Int) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(width)
        writer.uint32(height)
        return fullBox("ispe", writer.data)
    }

    /// An `ipma` box associating item 1 with `indices` (1-based into `ipco`).
    static func ipma(item: Int = 1, indices: [Int], entryCount: Int = 1) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(entryCount)
        writer.uint16(item)
        writer.uint8(indices.count)
        for index in indices { writer.uint8(0x80 | index) }
        return fullBox("ipma", writer.data)
    }

    /// A HEIF file whose primary item 1 has `properties`, associated in `order` (1-based;
    /// all in turn unless given).
    static func heif(
        brands: Data = ftyp(), properties: [Data], order: [Int]? = nil, primaryItem: Int? = 1,
        extraMetaChildren: [Data] = []
    ) -> Data {
        var children = Data()
        if let primaryItem {
            var pitm = ImagingByteWriter()
            pitm.uint16(primaryItem)
            children += fullBox("pitm", pitm.data)
        }
        let ipco = box("ipco", properties.reduce(Data(), +))
        children += box("iprp", ipco + ipma(indices: order ?? Array(1...max(1, properties.count))))
        children += extraMetaChildren.reduce(Data(), +)
        return brands + fullBox("meta", children) + box("mdat", Data(count: 16))
    }
}
