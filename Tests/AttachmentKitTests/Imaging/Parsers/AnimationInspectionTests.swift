import Foundation
import Testing

@testable import AttachmentKit

@Suite("Animated GIF, APNG and WebP: frames, delays, loops", .inTurn)
struct AnimationInspectionTests {
    private let inspector = ImageInspector()

    private func animation(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> ImageHeader.Animation
    {
        let header = try inspector.inspect(data)
        #expect(header.isAnimated, sourceLocation: sourceLocation)
        return try #require(header.animation, sourceLocation: sourceLocation)
    }

    @Test("a GIF's frames are its image descriptors, each delayed by its control extension in centiseconds")
    func gifDelays() throws {
        let animation = try animation(SyntheticImages.animatedGIF(delays: [0, 1, 2, 10, 100]))
        #expect(animation.frameCount == 5 && animation.isComplete)
        #expect(animation.frameDelays == [0, 0.01, 0.02, 0.1, 1])
        #expect(abs(animation.duration - 1.13) < 1e-9)
        // Browsers show 0 and 1 cs (10 ms or less) for 100 ms.
        #expect(abs(animation.displayedDuration - 1.32) < 1e-9)
    }

    @Test(
        "a GIF's NETSCAPE2.0 count is its loop: 0 infinite, N as stored, none when there is no block",
        arguments: [(0, .infinite), (1, .count(1)), (5, .count(5)), (nil, .unspecified)]
            as [(Int?, ImageHeader.Animation.Loop)])
    func gifLoop(stored: Int?, loop: ImageHeader.Animation.Loop) throws {
        #expect(try animation(SyntheticImages.animatedGIF(delays: [5, 5], loop: stored)).loop == loop)
    }

    @Test("a GIF of one frame is still, with or without a looping extension")
    func gifOneFrame() throws {
        for loop in [0, nil] {
            let header = try inspector.inspect(SyntheticImages.animatedGIF(delays: [10], loop: loop))
            #expect(!header.isAnimated && header.animation == nil)
        }
    }

    @Test("a GIF frame without a control extension has no delay; a control extension applies to one frame")
    func gifWithoutControl() throws {
        let data = SyntheticImages.gif(blocks: [
            SyntheticImages.gifGraphicControl(delay: 7), SyntheticImages.gifFrame(), SyntheticImages.gifFrame(),
        ])
        #expect(try animation(data).frameDelays == [0.07, 0])
    }

    @Test("an APNG's delays are delay_num / delay_den, a denominator of 0 meaning 100; num_plays is the loop")
    func apngDelays() throws {
        let data = SyntheticImages.apng(delays: [(1, 10), (0, 0), (5, 0), (1, 3), (100, 1000)], plays: 5)
        let animation = try animation(data)
        #expect(animation.frameCount == 5 && animation.isComplete && animation.loop == .count(5))
        #expect(animation.frameDelays == [0.1, 0, 0.05, 1.0 / 3, 0.1])
        #expect(try self.animation(SyntheticImages.apng(delays: [(1, 10), (1, 10)], plays: 0)).loop == .infinite)
    }

    @Test("an APNG's default image (IDAT before the first fcTL) is not a frame")
    func apngDefaultImage() throws {
        let data = SyntheticImages.apng(delays: [(1, 10), (2, 10)], defaultImage: true)
        let animation = try animation(data)
        #expect(animation.frameCount == 2 && animation.frameDelays == [0.1, 0.2])
        // One frame after a default image is not an animation.
        #expect(try !inspector.inspect(SyntheticImages.apng(delays: [(1, 10)], defaultImage: true)).isAnimated)
    }

    @Test("an animated WebP's frames are its ANMF chunks, in milliseconds; ANIM gives the loop")
    func webpDurations() throws {
        let animation = try animation(SyntheticImages.animatedWebP(durations: [0, 10, 11, 100, 2000], loop: 3))
        #expect(animation.frameCount == 5 && animation.isComplete && animation.loop == .count(3))
        #expect(animation.frameDelays == [0, 0.01, 0.011, 0.1, 2])
        #expect(abs(animation.displayedDuration - (0.1 + 0.1 + 0.011 + 0.1 + 2)) < 1e-9)
        #expect(try self.animation(SyntheticImages.animatedWebP(durations: [40, 40])).loop == .infinite)
    }

    @Test("a WebP with the animation flag and one frame, or frames without the flag, is still")
    func webpStill() throws {
        let oneFrame = try inspector.inspect(SyntheticImages.animatedWebP(durations: [100]))
        #expect(!oneFrame.isAnimated && oneFrame.animation == nil)
        let noFlag = try inspector.inspect(SyntheticImages.animatedWebP(durations: [100, 100], flags: 0))
        #expect(!noFlag.isAnimated && noFlag.animation == nil)
    }

    @Test("an animated WebP's EXIF chunk after the frames still gives the orientation")
    func webpExifAfterFrames() throws {
        var data = SyntheticImages.animatedWebP(durations: [50, 50, 50], flags: 0x0A)
        let exif = SyntheticImages.riffChunk("EXIF", SyntheticImages.exif(orientation: 6))
        data.append(exif)
        data.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(data.count - 8).littleEndian) { Data($0) })
        let header = try inspector.inspect(data)
        #expect(header.orientation == .right && header.animation?.frameCount == 3)
    }

    @Test("still images have no animation and count their pixels once")
    func stills() throws {
        for data in [
            SyntheticImages.png(), SyntheticImages.jpeg(), SyntheticImages.gif(blocks: [SyntheticImages.gifFrame()]),
        ] {
            let header = try inspector.inspect(data)
            #expect(header.animation == nil && header.totalPixelCount == header.pixelCount)
        }
    }

    @Test("every animation reads the same from memory and from a file in small reads")
    func fileAgrees() throws {
        let inputs = [
            SyntheticImages.animatedGIF(delays: [3, 4, 5]), SyntheticImages.apng(delays: [(1, 10), (2, 10)]),
            SyntheticImages.apng(delays: [(1, 10), (2, 10)], defaultImage: true),
            SyntheticImages.animatedWebP(durations: [30, 40, 50], loop: 2),
        ]
        for data in inputs {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("animation-\(UUID())")
            try data.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            for chunkSize in [7, 61, 65_536] {
                let fromFile = try inspector.inspect(fileAt: file, chunkSize: chunkSize)
                #expect(fromFile.animation == (try inspector.inspect(data).animation))
            }
        }
    }
}
