import Foundation
import Testing

@testable import AttachmentKit

@Suite("PNG headers")
struct PNGInspectionTests {
    private let inspector = ImageInspector()

    @Test("IHDR gives the size and the Adam7 interlace; acTL with two frames or more means animated")
    func header() throws {
        let plain = try inspector.inspect(SyntheticImages.png(width: 1000, height: 20))
        #expect(plain.pixelWidth == 1000 && plain.pixelHeight == 20 && !plain.isProgressive && !plain.isAnimated)
        #expect(try inspector.inspect(SyntheticImages.png(interlace: 1)).isProgressive)
        func animation(frames: Int) -> Data {
            var control = ImagingByteWriter()
            control.uint32(frames)
            control.uint32(0)
            return SyntheticImages.png(chunks: [SyntheticImages.pngChunk("acTL", control.data)])
        }
        #expect(try inspector.inspect(animation(frames: 3)).isAnimated)
        #expect(try !inspector.inspect(animation(frames: 1)).isAnimated)
    }

    @Test("eXIf before the image data gives the orientation; after it, it is not read")
    func exif() throws {
        let exif = SyntheticImages.pngChunk("eXIf", SyntheticImages.exif(orientation: 3, bigEndian: false))
        #expect(try inspector.inspect(SyntheticImages.png(chunks: [exif])).orientation == .down)
        var late = SyntheticImages.png(chunks: [SyntheticImages.pngChunk("IDAT", Data(count: 4))])
        late.append(exif)
        #expect(try inspector.inspect(late).orientation == .up)
    }

    @Test("a first chunk that is not a 13-byte IHDR is malformed")
    func missingHeader() {
        var writer = ImagingByteWriter([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        writer.append(SyntheticImages.pngChunk("tEXt", Data(count: 13)))
        #expect(throws: ImageInspectionError.malformed(.png, reason: "the first chunk is not a 13-byte IHDR")) {
            try inspector.inspect(writer.data)
        }
    }

    @Test("zero dimensions are malformed")
    func zeroDimensions() {
        #expect(throws: ImageInspectionError.malformed(.png, reason: "the width is 0")) {
            try inspector.inspect(SyntheticImages.png(width: 0, height: 5))
        }
        #expect(throws: ImageInspectionError.malformed(.png, reason: "the height is 0")) {
            try inspector.inspect(SyntheticImages.png(width: 5, height: 0))
        }
    }

    @Test("a chunk length over 2^31 - 1 is an oversized field; one past the end is truncation")
    func oversizedChunk() {
        let huge = SyntheticImages.png(chunks: [SyntheticImages.pngChunk("tEXt", Data(), length: 0x8000_0000)])
        #expect(throws: ImageInspectionError.oversizedField(.png, field: "chunk length", value: 0x8000_0000)) {
            try inspector.inspect(huge)
        }
        let long = SyntheticImages.png(
            chunks: [SyntheticImages.pngChunk("tEXt", Data(), length: 1_000_000)], imageData: false)
        #expect(throws: ImageInspectionError.truncated(.png, offset: 33 + 12 + 1_000_000)) {
            try inspector.inspect(long)
        }
    }

    @Test("a PNG that ends, or reaches IEND, before any IDAT is refused")
    func noImageData() {
        #expect(throws: ImageInspectionError.truncated(.png, offset: 33)) {
            try inspector.inspect(SyntheticImages.png(imageData: false))
        }
        let endFirst = SyntheticImages.png(chunks: [SyntheticImages.pngChunk("IEND", Data())])
        #expect(throws: ImageInspectionError.malformed(.png, reason: "it ends (IEND) before any image data (IDAT)")) {
            try inspector.inspect(endFirst)
        }
    }
}
