import Foundation
import Testing

@testable import AttachmentKit

@Suite("WebP headers")
struct WebPInspectionTests {
    private let inspector = ImageInspector()

    private func lossy(width: Int, height: Int, keyFrame: Bool = true) -> Data {
        var writer = ImagingByteWriter([keyFrame ? 0x10 : 0x11, 0x02, 0x00, 0x9D, 0x01, 0x2A])
        writer.uint16(width | 0x4000, bigEndian: false)  // the top two bits are a scale, not the size
        writer.uint16(height, bigEndian: false)
        return SyntheticImages.riffChunk("VP8 ", writer.data)
    }

    @Test("the three forms give the size: VP8 key frame, VP8L bit fields, VP8X canvas")
    func forms() throws {
        let vp8 = try inspector.inspect(SyntheticImages.webp([lossy(width: 1234, height: 567)]))
        #expect(vp8.pixelWidth == 1234 && vp8.pixelHeight == 567)
        var bits = ImagingByteWriter([0x2F])
        bits.uint32((16383 - 1) | (2 - 1) << 14, bigEndian: false)
        let vp8l = try inspector.inspect(SyntheticImages.webp([SyntheticImages.riffChunk("VP8L", bits.data)]))
        #expect(vp8l.pixelWidth == 16383 && vp8l.pixelHeight == 2)
        let canvas = SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x02, width: 9000, height: 3))
        let vp8x = try inspector.inspect(
            SyntheticImages.webp([canvas, SyntheticImages.riffChunk("ANIM", Data(count: 6))]))
        #expect(vp8x.pixelWidth == 9000 && vp8x.pixelHeight == 3 && vp8x.isAnimated)
    }

    @Test("the EXIF chunk after the image data gives the orientation, with or without the Exif identifier")
    func exif() throws {
        let canvas = SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x08, width: 40, height: 20))
        for prefix in [Data(), Data("Exif".utf8) + Data([0, 0])] {
            let exif = SyntheticImages.riffChunk("EXIF", prefix + SyntheticImages.exif(orientation: 5))
            let header = try inspector.inspect(SyntheticImages.webp([canvas, lossy(width: 40, height: 20), exif]))
            #expect(header.orientation == .leftMirrored)
            #expect(header.displayedWidth == 20)
        }
        #expect(try inspector.inspect(SyntheticImages.webp([canvas])).orientation == .up)
    }

    @Test("a chunk larger than the RIFF container is an oversized field")
    func oversizedChunk() {
        let data = SyntheticImages.webp([SyntheticImages.riffChunk("VP8 ", Data(count: 10), size: 5000)])
        #expect(throws: ImageInspectionError.oversizedField(.webp, field: "\"VP8 \" chunk size", value: 5000)) {
            try inspector.inspect(data)
        }
    }

    @Test("zero-length, non-key-frame and unknown first chunks are malformed")
    func malformed() {
        #expect(throws: ImageInspectionError.malformed(.webp, reason: "the VP8 chunk has 0 bytes")) {
            try inspector.inspect(SyntheticImages.webp([SyntheticImages.riffChunk("VP8 ", Data())]))
        }
        #expect(throws: ImageInspectionError.malformed(.webp, reason: "the VP8 frame is not a key frame")) {
            try inspector.inspect(SyntheticImages.webp([lossy(width: 4, height: 4, keyFrame: false)]))
        }
        #expect(
            throws: ImageInspectionError.malformed(.webp, reason: "the first chunk is \"JUNK\", not VP8, VP8L or VP8X")
        ) {
            try inspector.inspect(SyntheticImages.webp([SyntheticImages.riffChunk("JUNK", Data(count: 4))]))
        }
    }

    @Test("a file cut inside the first chunk is truncated")
    func truncated() {
        let whole = SyntheticImages.webp([lossy(width: 10, height: 10)])
        #expect(throws: ImageInspectionError.truncated(.webp, offset: 26)) { try inspector.inspect(whole.prefix(27)) }
    }
}
