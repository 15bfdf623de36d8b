import Foundation
import Testing

@testable import AttachmentKit

@Suite("GIF headers")
struct GIFInspectionTests {
    private let inspector = ImageInspector()

    @Test("the logical screen gives the size; a second frame means animated; the first frame's interlace is read")
    func frames() throws {
        let still = try inspector.inspect(
            SyntheticImages.gif(width: 300, height: 200, blocks: [SyntheticImages.gifFrame()]))
        #expect(still.pixelWidth == 300 && still.pixelHeight == 200 && !still.isAnimated && !still.isProgressive)
        let twoFrames = SyntheticImages.gif(blocks: [
            SyntheticImages.gifFrame(interlaced: true), SyntheticImages.gifFrame(),
        ])
        let animated = try inspector.inspect(twoFrames)
        #expect(animated.isAnimated && animated.isProgressive)
    }

    @Test("a zero logical screen falls back to the first frame's size; zero everywhere is malformed")
    func zeroScreen() throws {
        let frameSized = SyntheticImages.gif(
            width: 0, height: 0, blocks: [SyntheticImages.gifFrame(width: 40, height: 30)])
        let header = try inspector.inspect(frameSized)
        #expect(header.pixelWidth == 40 && header.pixelHeight == 30)
        let empty = SyntheticImages.gif(width: 0, height: 0, blocks: [SyntheticImages.gifFrame(width: 0, height: 0)])
        #expect(throws: ImageInspectionError.malformed(.gif, reason: "the width is 0")) { try inspector.inspect(empty) }
    }

    @Test("a GIF cut after its first frame still has a header; a looping extension then means animated")
    func cutAfterFirstFrame() throws {
        let cut = SyntheticImages.gif(
            blocks: [SyntheticImages.gifLoopingExtension, SyntheticImages.gifFrame()], trailer: false)
        #expect(try inspector.inspect(cut).isAnimated)
        let plain = SyntheticImages.gif(blocks: [SyntheticImages.gifFrame()], trailer: false)
        #expect(try !inspector.inspect(plain).isAnimated)
    }

    @Test("a GIF that ends before any frame, or holds an unknown block first, is refused")
    func noFrame() {
        #expect(throws: ImageInspectionError.malformed(.gif, reason: "it ends before any frame")) {
            try inspector.inspect(SyntheticImages.gif(blocks: []))
        }
        #expect(throws: ImageInspectionError.truncated(.gif, offset: 13)) {
            try inspector.inspect(SyntheticImages.gif(blocks: [], trailer: false))
        }
        #expect(throws: ImageInspectionError.malformed(.gif, reason: "unknown block 7 at byte 13")) {
            try inspector.inspect(SyntheticImages.gif(blocks: [Data([7])]))
        }
    }

    @Test("a global color table larger than the file is truncation")
    func oversizedColorTable() {
        var data = SyntheticImages.gif(blocks: [SyntheticImages.gifFrame()])
        data[10] = 0x87  // a 256-entry table (768 bytes) the file does not hold
        #expect(throws: ImageInspectionError.truncated(.gif, offset: 13 + 768)) { try inspector.inspect(data) }
    }

    @Test("an extension whose sub-blocks never end stops at the end of the input, the read count or the byte limit")
    func endlessSubBlocks() {
        var writer = ImagingByteWriter([0x21, 0xFE])
        for _ in 0..<20_000 { writer.bytes([1, 0x41]) }
        let data = SyntheticImages.gif(blocks: [writer.data], trailer: false)
        #expect(throws: ImageInspectionError.readCountExceeded(.gif, limit: ImageInspector.defaultMaximumReadCount)) {
            try inspector.inspect(data)
        }
        #expect(throws: ImageInspectionError.truncated(.gif, offset: data.count)) {
            try ImageInspector(maximumReadCount: 100_000).inspect(data)
        }
        #expect(throws: ImageInspectionError.readLimitExceeded(.gif, limit: 1000)) {
            try ImageInspector(maximumByteCount: 1000).inspect(data)
        }
    }
}
