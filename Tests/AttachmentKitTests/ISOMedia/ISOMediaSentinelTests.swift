import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
import AttachmentKitCommands
#endif

/// Every "unknown" a box's duration can say (ISO/IEC 14496-12: all ones in `mvhd` and `mdhd`, of
/// 32 bits in version 0 and 64 in version 1; a time scale of 0) reads as no duration, never as
/// 4,294,967,295 ticks; one tick less is a duration. An `mehd` of all ones counts as absent: the
/// fragments then give the duration.
@Suite("ISO media durations that say unknown", .inTurn)
struct ISOMediaSentinelTests {
    private let inspector = ISOMediaInspector()
    private static let allOnes32 = Int(UInt32.max)
    /// All ones in 64 bits, written by `SyntheticMovies` from -1.
    private static let allOnes64 = -1

    private func header(movie: Data = SyntheticMovies.mvhd(), media: Data = SyntheticMovies.mdhd()) throws
        -> ISOMediaHeader
    {
        try inspector.inspect(
            SyntheticMovies.movie(movieHeader: movie, tracks: [SyntheticMovies.videoTrack(mediaHeader: media)]))
    }

    @Test("mvhd: all ones in version 0 and in version 1 is unknown; one less is that many ticks")
    func movieHeader() throws {
        #expect(try header(movie: SyntheticMovies.mvhd(duration: Self.allOnes32)).duration == nil)
        #expect(try header(movie: SyntheticMovies.mvhd(duration: Self.allOnes64, version: 1)).duration == nil)
        #expect(
            try header(movie: SyntheticMovies.mvhd(duration: Self.allOnes32 - 1)).duration
                == MediaDuration(value: UInt64(UInt32.max) - 1, timescale: 1000))
        // In version 1, 32 bits of ones are a duration like any other.
        #expect(
            try header(movie: SyntheticMovies.mvhd(duration: Self.allOnes32, version: 1)).duration
                == MediaDuration(value: UInt64(UInt32.max), timescale: 1000))
        #expect(try header(movie: SyntheticMovies.mvhd(timescale: 0)).duration == nil)
    }

    @Test("mdhd: all ones in version 0 and in version 1 is unknown; one less is that many ticks")
    func mediaHeader() throws {
        let track = { (media: Data) in try self.header(media: media).tracks.first?.duration }
        #expect(try track(SyntheticMovies.mdhd(duration: Self.allOnes32)) == nil)
        #expect(try track(SyntheticMovies.mdhd(duration: Self.allOnes64, version: 1)) == nil)
        #expect(
            try track(SyntheticMovies.mdhd(timescale: 90000, duration: Self.allOnes32 - 1))
                == MediaDuration(value: UInt64(UInt32.max) - 1, timescale: 90000))
        #expect(try track(SyntheticMovies.mdhd(timescale: 0)) == nil)
        // The movie's own duration is untouched by its track's.
        #expect(try header(media: SyntheticMovies.mdhd(duration: Self.allOnes32)).duration?.value == 2500)
    }

    @Test("a fragmented movie whose mvhd says unknown, or whose mehd is all ones, is timed by its fragments")
    func fragmented() throws {
        let fragments = (0..<2).map {
            SyntheticFragments.fragment(start: UInt64($0 * 400), count: 10, duration: 40, sequence: $0 + 1)
        }
        let expected = MediaDuration(value: 800, timescale: 1000)
        let untimed = SyntheticFragments.movie(fragments: fragments, fragmentDuration: Self.allOnes32)
        #expect(try inspector.inspect(untimed).duration == expected)
        let withMovieUnknown = SyntheticFragments.movie(fragments: fragments, movieDuration: Self.allOnes32)
        #expect(try inspector.inspect(withMovieUnknown).duration == expected)
    }

    #if os(macOS) || os(Linux)
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("attachmentkit inspect says unknown for each", .timeLimit(.minutes(1)))
    func reportSaysUnknown() async throws {
        let movie = SyntheticMovies.movie(
            movieHeader: SyntheticMovies.mvhd(duration: Self.allOnes32),
            tracks: [
                SyntheticMovies.videoTrack(mediaHeader: SyntheticMovies.mdhd(duration: Self.allOnes64, version: 1))
            ])
        let folder = try StorageTemporaryDirectory("sentinel")
        let url = folder.appending("unknown.mp4")
        try movie.write(to: url)
        let outcome = await AttachmentKitTool.run(["inspect", url.path])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("  duration: unknown\n"))
        #expect(outcome.output.contains("  track 1: video, avc1, unknown duration\n"))
    }
    #endif
}
