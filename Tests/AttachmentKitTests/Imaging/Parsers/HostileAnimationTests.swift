import Foundation
import Testing

@testable import AttachmentKit

@Suite("Hostile and very long animations: the frames present, bounded by the budget", .inTurn)
struct HostileAnimationTests {
    private let inspector = ImageInspector()
    /// An inspector whose budget holds a walk of 10,000 frames.
    private let generous = ImageInspector(maximumByteCount: 64 << 20, maximumReadCount: 1 << 20)

    @Test("a GIF cut inside a frame reports the frames present, the cut one included, as incomplete")
    func gifCut() throws {
        let whole = SyntheticImages.animatedGIF(delays: [5, 5, 5, 5])
        // The last frame's data sub-block loses its end, and the trailer goes with it.
        let header = try inspector.inspect(whole.prefix(whole.count - 3))
        let animation = try #require(header.animation)
        #expect(animation.frameCount == 4 && !animation.isComplete && header.pixelWidth == 100)
    }

    @Test("a GIF whose third block is no block reports the two frames before it, as incomplete")
    func gifUnknownBlock() throws {
        let data = SyntheticImages.gif(blocks: [
            SyntheticImages.gifFrame(), SyntheticImages.gifFrame(), Data([0x99]), SyntheticImages.gifFrame(),
        ])
        let animation = try #require(try inspector.inspect(data).animation)
        #expect(animation.frameCount == 2 && !animation.isComplete)
    }

    @Test("an acTL that announces more or fewer frames than the fcTL chunks: the fcTL chunks count")
    func apngDisagreeingControl() throws {
        for announced in [1, 10, 100_000] {
            let data = SyntheticImages.apng(delays: [(1, 10), (1, 10), (1, 10)], announced: announced)
            let animation = try #require(try inspector.inspect(data).animation)
            #expect(animation.frameCount == 3 && animation.isComplete)
        }
    }

    @Test("an APNG without IEND, or with a chunk past the end, reports the frames present, as incomplete")
    func apngCut() throws {
        let open = SyntheticImages.apng(delays: [(1, 10), (1, 10), (1, 10)], end: false)
        let animation = try #require(try inspector.inspect(open).animation)
        #expect(animation.frameCount == 3 && !animation.isComplete)
        var pastEnd = SyntheticImages.apng(delays: [(1, 10), (1, 10)], end: false)
        pastEnd.append(SyntheticImages.pngChunk("fdAT", Data(count: 8), length: 1 << 30))
        #expect(try inspector.inspect(pastEnd).animation?.isComplete == false)
    }

    @Test("a short fcTL ends the animation where it stands, before or after the image data")
    func apngShortFrameControl() throws {
        let short = SyntheticImages.pngChunk("fcTL", Data(count: 10))
        var data = SyntheticImages.apng(delays: [(1, 10), (1, 10)], end: false)
        data.append(short)
        data.append(SyntheticImages.apng(delays: [(1, 10)]).suffix(12))
        let animation = try #require(try inspector.inspect(data).animation)
        #expect(animation.frameCount == 2 && !animation.isComplete)
        let before = SyntheticImages.png(chunks: [SyntheticImages.apngControl(frames: 2, plays: 0), short])
        let header = try inspector.inspect(before)
        #expect(header.pixelWidth == 320 && header.animation == nil)
    }

    @Test("an ANMF past the end of the RIFF container, or a file cut inside one, leaves the frames before it")
    func webpFramePastTheEnd() throws {
        let frames = SyntheticImages.animatedWebP(durations: [40, 40])
        var oversized = frames + SyntheticImages.riffChunk("ANMF", Data(count: 16), size: 1 << 20)
        oversized.replaceSubrange(
            4..<8, with: withUnsafeBytes(of: UInt32(oversized.count - 8).littleEndian) { Data($0) })
        let animation = try #require(try inspector.inspect(oversized).animation)
        #expect(animation.frameCount == 2 && !animation.isComplete)
        let three = SyntheticImages.animatedWebP(durations: [40, 40, 40])
        let cut = try #require(try inspector.inspect(three.prefix(three.count - 10)).animation)
        #expect(cut.frameCount == 3 && !cut.isComplete)
        let short = SyntheticImages.webp([
            SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x02, width: 8, height: 8)),
            SyntheticImages.webpFrame(duration: 40), SyntheticImages.webpFrame(duration: 40),
            SyntheticImages.riffChunk("ANMF", Data(count: 4)),
        ])
        #expect(try inspector.inspect(short).animation?.isComplete == false)
    }

    static let longAnimations: [(String, Data)] = [
        ("GIF", SyntheticImages.animatedGIF(width: 16, height: 16, delays: Array(repeating: 4, count: 10_000))),
        ("APNG", SyntheticImages.apng(delays: Array(repeating: (1, 25), count: 10_000))),
        ("WebP", SyntheticImages.animatedWebP(durations: Array(repeating: 40, count: 10_000))),
    ]

    @Test(
        "10,000 frames: the default budget stops the walk with a usable header; a larger one counts them all",
        arguments: longAnimations)
    func tenThousandFrames(format: String, data: Data) throws {
        let bounded = try #require(try inspector.inspect(data).animation, "\(format)")
        #expect(bounded.frameCount > 1 && bounded.frameCount <= 10_000, "\(format)")
        #expect(bounded.isComplete == (bounded.frameCount == 10_000), "\(format)")
        let whole = try #require(try generous.inspect(data).animation, "\(format)")
        #expect(whole.frameCount == 10_000 && whole.isComplete, "\(format)")
        #expect(abs(whole.duration - 400) < 1e-6, "\(format)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(format)-\(UUID())")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try generous.inspect(fileAt: file).animation == whole, "\(format)")
        let fromFile = try #require(try inspector.inspect(fileAt: file).animation, "\(format)")
        #expect(fromFile.frameCount <= 10_000 && fromFile.isComplete == (fromFile.frameCount == 10_000))
    }

    @Test("the read count bounds the walk: every frame costs at least one read")
    func readCountBounds() throws {
        let data = SyntheticImages.animatedWebP(durations: Array(repeating: 40, count: 500))
        let header = try ImageInspector(maximumReadCount: 100).inspect(data)
        let animation = try #require(header.animation)
        #expect(animation.frameCount < 100 && !animation.isComplete)
    }

    @Test("the bomb guard counts canvas x frames: 4000 x 4000 in 200 frames is refused, 100 x 100 in 100 is not")
    func bombGuard() throws {
        let bomb = SyntheticImages.animatedGIF(width: 4000, height: 4000, delays: Array(repeating: 2, count: 200))
        let header = try inspector.inspect(bomb)
        #expect(header.pixelCount == 16_000_000 && header.totalPixelCount == 3_200_000_000)
        #expect(
            throws: ImageInspector.VerificationError.tooManyPixels(
                header, limit: ImageInspector.ContentPolicy.defaultMaximumPixelCount)
        ) {
            try inspector.verify(.data(bomb), declaredType: .imageGIF)
        }
        let small = SyntheticImages.animatedGIF(width: 100, height: 100, delays: Array(repeating: 2, count: 100))
        #expect(try inspector.verify(.data(small), declaredType: .imageGIF).header.totalPixelCount == 1_000_000)
        // A still of the same canvas passes: the frames make the bomb.
        let still = SyntheticImages.animatedGIF(width: 4000, height: 4000, delays: [2])
        #expect(try inspector.verify(.data(still), declaredType: .imageGIF).header.totalPixelCount == 16_000_000)
    }

    @Test("the total pixel count saturates instead of overflowing")
    func saturates() {
        let animation = ImageHeader.Animation(frameDelays: Array(repeating: 0.1, count: 3), loop: .infinite)
        let header = ImageHeader(format: .gif, pixelWidth: Int.max / 2, pixelHeight: 1, animation: animation)
        #expect(header.totalPixelCount == Int.max && header.isAnimated)
    }
}
