import Foundation

/// Hand-made animations: GIFs, APNGs and animated WebPs whose frames hold no real image data
/// (the inspector never decodes it), with chosen delays and loop counts, for the walks and
/// their hostile variants.
extension SyntheticImages {
    /// A Graphic Control Extension giving the next frame `delay` centiseconds.
    static func gifGraphicControl(delay: Int) -> Data {
        var writer = ImagingByteWriter([0x21, 0xF9, 4, 0])
        writer.uint16(delay, bigEndian: false)
        writer.bytes([0, 0])
        return writer.data
    }

    /// A `NETSCAPE2.0` extension with loop count `count`.
    static func gifLoop(_ count: Int) -> Data {
        var writer = ImagingByteWriter([0x21, 0xFF, 11])
        writer.text("NETSCAPE2.0")
        writer.bytes([3, 1])
        writer.uint16(count, bigEndian: false)
        writer.uint8(0)
        return writer.data
    }

    /// A GIF of one frame per delay (centiseconds), each after its control extension, with a
    /// `NETSCAPE2.0` block when `loop` is given.
    static func animatedGIF(width: Int = 100, height: Int = 60, delays: [Int], loop: Int? = 0) -> Data {
        var blocks = loop.map { [gifLoop($0)] } ?? []
        for delay in delays {
            blocks.append(gifGraphicControl(delay: delay))
            blocks.append(gifFrame(width: width, height: height))
        }
        return gif(width: width, height: height, blocks: blocks)
    }

    /// An `acTL` chunk.
    static func apngControl(frames: Int, plays: Int) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(frames)
        writer.uint32(plays)
        return pngChunk("acTL", writer.data)
    }

    /// An `fcTL` chunk with sequence number `sequence` and delay `numerator / denominator`.
    static func apngFrameControl(sequence: Int, numerator: Int, denominator: Int) -> Data {
        var writer = ImagingByteWriter()
        writer.uint32(sequence)
        writer.uint32(10)
        writer.uint32(10)
        writer.zeros(8)
        writer.uint16(numerator)
        writer.uint16(denominator)
        writer.bytes([0, 0])
        return pngChunk("fcTL", writer.data)
    }

    /// An APNG with one frame per delay (numerator, denominator): the first frame is the `IDAT`
    /// image, or, with `defaultImage`, the `IDAT` image comes before the first `fcTL` and is no
    /// frame. `announced` overrides the frame count `acTL` gives.
    static func apng(
        delays: [(Int, Int)], plays: Int = 0, defaultImage: Bool = false, announced: Int? = nil, end: Bool = true
    ) -> Data {
        var writer = ImagingByteWriter()
        var sequence = 0
        let idat = pngChunk("IDAT", Data([0x78, 0x9C, 0x03, 0x00]))
        for (index, delay) in delays.enumerated() {
            if index == 0, defaultImage { writer.append(idat) }
            writer.append(apngFrameControl(sequence: sequence, numerator: delay.0, denominator: delay.1))
            sequence += 1
            if index == 0, !defaultImage {
                writer.append(idat)
            } else {
                var frameData = ImagingByteWriter()
                frameData.uint32(sequence)
                frameData.bytes([0x78, 0x9C, 0x03, 0x00])
                writer.append(pngChunk("fdAT", frameData.data))
                sequence += 1
            }
        }
        if delays.isEmpty { writer.append(idat) }
        var data = png(chunks: [apngControl(frames: announced ?? delays.count, plays: plays)], imageData: false)
        data.append(writer.data)
        if end { data.append(pngChunk("IEND", Data())) }
        return data
    }

    /// An animated WebP with one `ANMF` frame per duration (milliseconds), `ANIM` looping `loop`
    /// times, and `flags` in `VP8X` (animation, 0x02, by default).
    static func animatedWebP(durations: [Int], loop: Int = 0, flags: UInt8 = 0x02, width: Int = 64, height: Int = 48)
        -> Data
    {
        var animation = ImagingByteWriter()
        animation.zeros(4)
        animation.uint16(loop, bigEndian: false)
        var chunks = [riffChunk("VP8X", vp8xPayload(flags: flags, width: width, height: height))]
        chunks.append(riffChunk("ANIM", animation.data))
        for duration in durations { chunks.append(webpFrame(duration: duration, width: width, height: height)) }
        return webp(chunks)
    }

    /// An `ANMF` chunk: its frame header, then a 5-byte `VP8L` bitstream.
    static func webpFrame(duration: Int, width: Int = 64, height: Int = 48) -> Data {
        var frame = ImagingByteWriter()
        frame.uint24(0, bigEndian: false)
        frame.uint24(0, bigEndian: false)
        frame.uint24(width - 1, bigEndian: false)
        frame.uint24(height - 1, bigEndian: false)
        frame.uint24(duration, bigEndian: false)
        frame.uint8(0)
        frame.append(riffChunk("VP8L", Data([0x2F, 0, 0, 0, 0])))
        return riffChunk("ANMF", frame.data)
    }
}
