import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// Every animation the outside encoders make reads the same in the inspector as in Pillow,
/// `gifsicle --info`, `webpmux -info` and ImageMagick's `identify`: frames, loop count and each
/// frame's delay.
@Suite(
    "Animations made by Pillow, gifsicle, img2webp, gif2webp and apngasm agree with their readers",
    SuiteTimeLimit.minutes(5), .inTurn,
    .enabled("needs python3 with Pillow, gifsicle, webp, apngasm and imagemagick (.ci/install-tools)") {
        await AnimationCorpus.toolsPresent()
    })
struct AnimationOracleTests {
    @Test("frames, loop and every delay agree for each file of the corpus")
    func corpusAgrees() async throws {
        let corpus = try await AnimationCorpus.shared()
        #expect(corpus.names.count >= 30)
        let urls = corpus.names.map(corpus.url)
        let pillow = try await AnimationOracle.pillowReadings(urls)
        try #require(pillow.count == urls.count)
        for (url, pillowReading) in zip(urls, pillow) {
            let name = url.lastPathComponent
            let oracle = try await AnimationOracle(url, pillow: pillowReading)
            let header = try ImageInspector().inspect(fileAt: url)
            let animation = header.animation
            #expect(animation?.isComplete != false, "\(name)")
            // Pillow counts an APNG default image as a frame; the inspector, as browsers, does not.
            let pillowFrames = oracle.pillow.frameCount - (oracle.pillowCountsDefaultImage ? 1 : 0)
            #expect((animation?.frameCount ?? 1) == pillowFrames, "\(name): frames vs Pillow")
            #expect(header.isAnimated == (pillowFrames > 1), "\(name): animated vs Pillow")
            for (tool, reading) in oracle.tools {
                #expect((animation?.frameCount ?? 1) == reading.frameCount, "\(name): frames vs \(tool)")
            }
            guard let animation else { continue }
            let ours = animation.frameDelays.map { $0 * 1000 }
            let pillowDelays = Array((oracle.pillow.delays ?? []).dropFirst(oracle.pillowCountsDefaultImage ? 1 : 0))
            #expect(Self.same(ours, pillowDelays), "\(name): delays \(ours) vs Pillow \(pillowDelays)")
            #expect(abs(animation.duration * 1000 - pillowDelays.reduce(0, +)) < 0.01, "\(name): duration vs Pillow")
            #expect(Self.loop(animation.loop) == oracle.pillow.loop, "\(name): loop vs Pillow")
            for (tool, reading) in oracle.tools {
                if let delays = reading.delays {
                    // identify gives centiseconds: a WebP's 11 ms reads as 10.
                    let tolerance = tool == "identify" ? 9.999 : 1e-6
                    #expect(
                        Self.same(ours, delays, tolerance: tolerance), "\(name): delays \(ours) vs \(tool) \(delays)")
                }
                if tool != "identify" {
                    #expect(Self.loop(animation.loop) == reading.loop, "\(name): loop vs \(tool)")
                }
            }
        }
    }

    /// The loop count as stored, `nil` for none.
    private static func loop(_ loop: ImageHeader.Animation.Loop) -> Int? {
        switch loop {
        case .infinite: 0
        case .count(let count): count
        case .unspecified: nil
        }
    }

    /// Delays in milliseconds equal within `tolerance`.
    private static func same(_ ours: [Double], _ theirs: [Double], tolerance: Double = 1e-6) -> Bool {
        ours.count == theirs.count && zip(ours, theirs).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
#endif
