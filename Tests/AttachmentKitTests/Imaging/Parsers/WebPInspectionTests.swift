import Foundation
import Testing

@testable import AttachmentKit

@Suite("WebP headers", .inTurn)
struct WebPInspectionTests {
    private let inspector = ImageInspector()

    private static func lossy(width: Int, height: Int, keyFrame: Bool = true) -> Data {
        var writer = ImagingByteWriter([keyFrame ? 0x10 : 0x11, 0x02, 0x00, 0x9D, 0x01, 0x2A])
        writer.uint16(width | 0x4000, bigEndian: false)  // the top two bits are a scale, not the size
        writer.uint16(height, bigEndian: false)
        return SyntheticImages.riffChunk("VP8 ", writer.data)
    }

    /// The three forms of a WebP: its name, its chunks, and the size and animation they give (an
    /// animation flag without frames is still).
    static let forms: [(String, [Data], width: Int, height: Int, isAnimated: Bool)] = {
        var bits = ImagingByteWriter([0x2F])
        bits.uint32((16383 - 1) | (2 - 1) << 14, bigEndian: false)
        let canvas = SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x02, width: 9000, height: 3))
        return [
            ("VP8 key frame", [lossy(width: 1234, height: 567)], 1234, 567, false),
            ("VP8L bit fields", [SyntheticImages.riffChunk("VP8L", bits.data)], 16383, 2, false),
            ("VP8X canvas", [canvas, SyntheticImages.riffChunk("ANIM", Data(count: 6))], 9000, 3, false),
        ]
    }()

    @Test("the three forms give the size: VP8 key frame, VP8L bit fields, VP8X canvas", arguments: forms)
    func form(name: String, chunks: [Data], width: Int, height: Int, isAnimated: Bool) throws {
        let header = try inspector.inspect(SyntheticImages.webp(chunks))
        #expect(header.pixelWidth == width && header.pixelHeight == height, "\(name)")
        #expect(header.isAnimated == isAnimated, "\(name)")
    }

    private static let exifCanvas = SyntheticImages.riffChunk(
        "VP8X", SyntheticImages.vp8xPayload(flags: 0x08, width: 40, height: 20))

    @Test(
        "the EXIF chunk after the image data gives the orientation, with or without the Exif identifier",
        arguments: [Data(), Data("Exif".utf8) + Data([0, 0])])
    func exif(prefix: Data) throws {
        let exif = SyntheticImages.riffChunk("EXIF", prefix + SyntheticImages.exif(orientation: 5))
        let header = try inspector.inspect(
            SyntheticImages.webp([Self.exifCanvas, Self.lossy(width: 40, height: 20), exif]))
        #expect(header.orientation == .leftMirrored)
        #expect(header.displayedWidth == 20)
    }

    @Test("without an EXIF chunk the orientation is up")
    func noExif() throws {
        #expect(try inspector.inspect(SyntheticImages.webp([Self.exifCanvas])).orientation == .up)
    }

    static let refusals: [RefusedInput] = [
        RefusedInput(
            "a chunk larger than the RIFF container",
            SyntheticImages.webp([SyntheticImages.riffChunk("VP8 ", Data(count: 10), size: 5000)]),
            .oversizedField(.webp, field: "\"VP8 \" chunk size", value: 5000)),
        RefusedInput(
            "a zero-length VP8 chunk", SyntheticImages.webp([SyntheticImages.riffChunk("VP8 ", Data())]),
            .malformed(.webp, reason: "the VP8 chunk has 0 bytes")),
        RefusedInput(
            "a VP8 frame that is not a key frame", SyntheticImages.webp([lossy(width: 4, height: 4, keyFrame: false)]),
            .malformed(.webp, reason: "the VP8 frame is not a key frame")),
        RefusedInput(
            "an unknown first chunk", SyntheticImages.webp([SyntheticImages.riffChunk("JUNK", Data(count: 4))]),
            .malformed(.webp, reason: "the first chunk is \"JUNK\", not VP8, VP8L or VP8X")),
        RefusedInput(
            "a file cut inside the first chunk", SyntheticImages.webp([lossy(width: 10, height: 10)]).prefix(27),
            .truncated(.webp, offset: 26)),
    ]

    @Test("oversized, zero-length, non-key-frame, unknown and cut first chunks are refused", arguments: refusals)
    func refused(_ input: RefusedInput) {
        input.check()
    }
}
