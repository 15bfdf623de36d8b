import Foundation
import Testing

@testable import AttachmentKit

@Suite("GIF headers", .inTurn)
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

    @Test("a zero logical screen falls back to the first frame's size")
    func zeroScreen() throws {
        let frameSized = SyntheticImages.gif(
            width: 0, height: 0, blocks: [SyntheticImages.gifFrame(width: 40, height: 30)])
        let header = try inspector.inspect(frameSized)
        #expect(header.pixelWidth == 40 && header.pixelHeight == 30)
    }

    @Test("a GIF cut after its first frame still has a header; a looping extension then means animated")
    func cutAfterFirstFrame() throws {
        let cut = SyntheticImages.gif(
            blocks: [SyntheticImages.gifLoopingExtension, SyntheticImages.gifFrame()], trailer: false)
        #expect(try inspector.inspect(cut).isAnimated)
        let plain = SyntheticImages.gif(blocks: [SyntheticImages.gifFrame()], trailer: false)
        #expect(try !inspector.inspect(plain).isAnimated)
    }

    static let refusals: [RefusedInput] = {
        var colorTable = SyntheticImages.gif(blocks: [SyntheticImages.gifFrame()])
        colorTable[10] = 0x87  // a 256-entry table (768 bytes) the file does not hold
        var subBlocks = ImagingByteWriter([0x21, 0xFE])
        for _ in 0..<20_000 { subBlocks.bytes([1, 0x41]) }
        let endless = SyntheticImages.gif(blocks: [subBlocks.data], trailer: false)
        return [
            RefusedInput(
                "a zero screen and a zero first frame",
                SyntheticImages.gif(width: 0, height: 0, blocks: [SyntheticImages.gifFrame(width: 0, height: 0)]),
                .malformed(.gif, reason: "the width is 0")),
            RefusedInput(
                "the trailer before any frame", SyntheticImages.gif(blocks: []),
                .malformed(.gif, reason: "it ends before any frame")),
            RefusedInput(
                "the end of the file before any frame", SyntheticImages.gif(blocks: [], trailer: false),
                .truncated(.gif, offset: 13)),
            RefusedInput(
                "an unknown block first", SyntheticImages.gif(blocks: [Data([7])]),
                .malformed(.gif, reason: "unknown block 7 at byte 13")),
            RefusedInput(
                "a global color table larger than the file", colorTable, .truncated(.gif, offset: 13 + 768)),
            RefusedInput(
                "sub-blocks that never end, at the read count", endless,
                .readCountExceeded(.gif, limit: ImageInspector.defaultMaximumReadCount)),
            RefusedInput(
                "sub-blocks that never end, at the end of the input", endless, .truncated(.gif, offset: endless.count),
                inspector: ImageInspector(maximumReadCount: 100_000)),
            RefusedInput(
                "sub-blocks that never end, at the byte limit", endless, .readLimitExceeded(.gif, limit: 1000),
                inspector: ImageInspector(maximumByteCount: 1000)),
        ]
    }()

    @Test(
        "zero sizes, a missing or unknown first block, an oversized color table and endless sub-blocks are refused",
        arguments: refusals)
    func refused(_ input: RefusedInput) {
        input.check()
    }
}
