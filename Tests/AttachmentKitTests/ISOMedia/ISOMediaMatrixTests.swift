import Foundation
import Testing

@testable import AttachmentKit

/// The display size and rotation come from the track's matrix followed by the movie's, with the
/// last column in 2.30 fixed point.
@Suite("ISO media display matrices", .inTurn)
struct ISOMediaMatrixTests {
    private func videoTrack(movie: [Int32] = SyntheticMovies.unity, track: [Int32]) throws -> ISOMediaHeader.Track {
        let data = SyntheticMovies.movie(
            movieHeader: SyntheticMovies.mvhd(matrix: movie), tracks: [SyntheticMovies.videoTrack(matrix: track)])
        return try #require(try ISOMediaInspector().inspect(data).videoTrack)
    }

    @Test("a quarter turn clockwise swaps width and height")
    func quarterTurn() throws {
        let track = try videoTrack(track: SyntheticMovies.clockwise90)
        #expect(track.rotation == .clockwise90)
        #expect((track.displayWidth, track.displayHeight) == (360, 640))
    }

    @Test("the movie's matrix applies after the track's: two quarter turns are a half turn")
    func combined() throws {
        let track = try videoTrack(movie: SyntheticMovies.clockwise90, track: SyntheticMovies.clockwise90)
        #expect(track.rotation == .clockwise180)
        #expect((track.displayWidth, track.displayHeight) == (640, 360))
    }

    @Test("a movie matrix that scales by 2 doubles the display size")
    func movieScale() throws {
        let double: [Int32] = [0x2_0000, 0, 0, 0, 0x2_0000, 0, 0, 0, 0x4000_0000]
        let track = try videoTrack(movie: double, track: SyntheticMovies.unity)
        #expect((track.displayWidth, track.displayHeight) == (1280, 720))
        #expect(track.rotation == .none)
    }

    @Test(
        "45 degrees, a mirror and a perspective column are not axis-aligned",
        arguments: [
            [46341, 46341, 0, -46341, 46341, 0, 0, 0, 0x4000_0000],
            [-0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000],
            [0x1_0000, 0, 0x4000_0000, 0, 0x1_0000, 0, 0, 0, 0x4000_0000],
        ] as [[Int32]])
    func notAxisAligned(_ matrix: [Int32]) throws {
        #expect(try videoTrack(track: matrix).rotation == .notAxisAligned)
    }

    @Test("a 45-degree turn's display size is the bounding box of the turned frame")
    func boundingBox() throws {
        let track = try videoTrack(track: [46341, 46341, 0, -46341, 46341, 0, 0, 0, 0x4000_0000])
        // (640 + 360) / √2 ≈ 707.1
        #expect((track.displayWidth, track.displayHeight) == (707, 707))
    }

    @Test("a version 1 mvhd has 64-bit times")
    func versionOne() throws {
        let data = SyntheticMovies.movie(
            movieHeader: SyntheticMovies.mvhd(timescale: 600, duration: 6_000_000_000, version: 1))
        #expect(try ISOMediaInspector().inspect(data).duration == MediaDuration(value: 6_000_000_000, timescale: 600))
    }

    @Test("milliseconds and three decimals are exact")
    func durationText() throws {
        let duration = try #require(MediaDuration(value: 1023, timescale: 1000))
        #expect(duration.milliseconds == 1023)
        #expect(duration.description == "1.023 s")
        #expect(MediaDuration(value: 1, timescale: 0) == nil)
        #expect(try #require(MediaDuration(value: .max, timescale: 1)).milliseconds == .max)
    }
}
