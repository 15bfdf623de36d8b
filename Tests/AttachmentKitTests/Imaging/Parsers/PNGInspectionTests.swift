import Foundation
import Testing

@testable import AttachmentKit

@Suite("PNG headers", .inTurn)
struct PNGInspectionTests {
    private let inspector = ImageInspector()

    @Test("IHDR gives the size; Adam7 interlace is progressive")
    func header() throws {
        let plain = try inspector.inspect(SyntheticImages.png(width: 1000, height: 20))
        #expect(plain.pixelWidth == 1000 && plain.pixelHeight == 20 && !plain.isProgressive && !plain.isAnimated)
        #expect(try inspector.inspect(SyntheticImages.png(interlace: 1)).isProgressive)
    }

    @Test("the fcTL chunks are the frames: two or more mean animated", arguments: [(3, true), (2, true), (1, false)])
    func animation(frames: Int, isAnimated: Bool) throws {
        let data = SyntheticImages.apng(delays: Array(repeating: (1, 10), count: frames))
        let header = try inspector.inspect(data)
        #expect(header.isAnimated == isAnimated)
        #expect(header.animation?.frameCount == (isAnimated ? frames : nil))
    }

    @Test("an acTL without frame controls is still, whatever frame count it announces")
    func announcedOnly() throws {
        let data = SyntheticImages.png(chunks: [SyntheticImages.apngControl(frames: 3, plays: 0)])
        #expect(try !inspector.inspect(data).isAnimated)
    }

    @Test("eXIf before the image data gives the orientation; after it, it is not read")
    func exif() throws {
        let exif = SyntheticImages.pngChunk("eXIf", SyntheticImages.exif(orientation: 3, bigEndian: false))
        #expect(try inspector.inspect(SyntheticImages.png(chunks: [exif])).orientation == .down)
        var late = SyntheticImages.png(chunks: [SyntheticImages.pngChunk("IDAT", Data(count: 4))])
        late.append(exif)
        #expect(try inspector.inspect(late).orientation == .up)
    }

    static let refusals: [RefusedInput] = {
        var textFirst = ImagingByteWriter([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        textFirst.append(SyntheticImages.pngChunk("tEXt", Data(count: 13)))
        return [
            RefusedInput(
                "a first chunk that is not IHDR", textFirst.data,
                .malformed(.png, reason: "the first chunk is not a 13-byte IHDR")),
            RefusedInput(
                "a zero width", SyntheticImages.png(width: 0, height: 5), .malformed(.png, reason: "the width is 0")),
            RefusedInput(
                "a zero height", SyntheticImages.png(width: 5, height: 0), .malformed(.png, reason: "the height is 0")),
            RefusedInput(
                "a chunk length over 2^31 - 1",
                SyntheticImages.png(chunks: [SyntheticImages.pngChunk("tEXt", Data(), length: 0x8000_0000)]),
                .oversizedField(.png, field: "chunk length", value: 0x8000_0000)),
            RefusedInput(
                "a chunk length past the end",
                SyntheticImages.png(
                    chunks: [SyntheticImages.pngChunk("tEXt", Data(), length: 1_000_000)], imageData: false),
                .truncated(.png, offset: 33 + 12 + 1_000_000)),
            RefusedInput(
                "the end of the file before any IDAT", SyntheticImages.png(imageData: false),
                .truncated(.png, offset: 33)),
            RefusedInput(
                "IEND before any IDAT", SyntheticImages.png(chunks: [SyntheticImages.pngChunk("IEND", Data())]),
                .malformed(.png, reason: "it ends (IEND) before any image data (IDAT)")),
        ]
    }()

    @Test("a missing IHDR, zero sizes, oversized chunks and missing image data are refused", arguments: refusals)
    func refused(_ input: RefusedInput) {
        input.check()
    }
}
