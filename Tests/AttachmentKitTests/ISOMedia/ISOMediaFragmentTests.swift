import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// The duration of fragmented MP4 files (whose `mvhd` says 0 or covers only `moov`'s samples),
/// read from their fragments, agrees with `ffprobe` for every layout of the fragments `ffmpeg`
/// writes and the ones ``MovieBoxEditor`` makes from them, within the inspector's budgets.
@Suite("Fragmented MP4 durations against ffprobe", .inTurn)
struct ISOMediaFragmentTests {
    @Test("the movie's and each track's duration agree with ffprobe", arguments: FragmentedMovieCorpus.clips)
    func agreesWithFFprobe(_ clip: FragmentedMovieCorpus.Clip) throws {
        let url = try FragmentedMovieCorpus.shared().url(clip.name)
        let oracle = try FragmentOracle(url)
        let header = try ISOMediaInspector().inspect(fileAt: url)
        #expect(header.isFragmented)
        let duration = try #require(header.duration, "\(clip.name): no duration")
        // An mehd says the duration in the movie's milliseconds; the fragments, to the tick.
        let tolerance = header.duration?.timescale == 1000 ? 0.001 : 0.0005
        #expect(abs(duration.seconds - oracle.formatDuration) < tolerance, "\(duration) vs \(oracle.formatDuration)")
        #expect(header.tracks.count == oracle.streamDurations.count)
        for (track, theirs) in zip(header.tracks, oracle.streamDurations) {
            let ours = try #require(track.duration, "track \(track.id) of \(clip.name)")
            #expect(abs(ours.seconds - theirs) < 0.0005, "track \(track.id): \(ours) vs \(theirs)")
        }
    }

    @Test("in memory, from a file and in small chunks, the same header", arguments: FragmentedMovieCorpus.clips)
    func memoryAndChunksAgree(_ clip: FragmentedMovieCorpus.Clip) throws {
        let url = try FragmentedMovieCorpus.shared().url(clip.name)
        let inspector = ISOMediaInspector()
        let fromFile = try inspector.inspect(fileAt: url)
        #expect(try inspector.inspect(try Data(contentsOf: url)).reading(0) == fromFile.reading(0))
        for chunkSize in [61, 509] {
            #expect(try inspector.inspect(fileAt: url, chunkSize: chunkSize).reading(0) == fromFile.reading(0))
        }
    }

    @Test("the issue's example: 2.023 s, as ffprobe reads it, where mvhd says 0")
    func issueExample() throws {
        let url = try FragmentedMovieCorpus.shared().url("empty-moov.mp4")
        let header = try ISOMediaInspector().inspect(fileAt: url)
        #expect(header.duration?.description == "2.023 s")
        #expect(header.tracks.map { $0.duration?.description } == ["2.023 s", "2.023 s"])
    }

    @Test("1,500 fragments with the mfra index: the last fragments alone are read, a few kilobytes")
    func longIndexed() throws {
        let url = try FragmentedMovieCorpus.long().url("long.mp4")
        let header = try ISOMediaInspector().inspect(fileAt: url)
        let duration = try #require(header.duration)
        #expect(abs(duration.seconds - (try FragmentOracle(url).formatDuration)) < 0.0005)
        #expect(header.inspectedByteCount < 32 * 1024, "\(header.inspectedByteCount) bytes read")
    }

    @Test("1,500 fragments without the index: a header a box and the last fragments, under 1 MiB")
    func longWithoutIndex() throws {
        let url = try FragmentedMovieCorpus.long().url("long-no-index.mp4")
        let header = try ISOMediaInspector().inspect(fileAt: url)
        let duration = try #require(header.duration)
        #expect(abs(duration.seconds - (try FragmentOracle(url).formatDuration)) < 0.0005)
        #expect(header.inspectedByteCount < ISOMediaInspector.defaultMaximumByteCount)
        // 3,000 top-level boxes after moov: about 256 bytes read for each header.
        #expect(header.inspectedByteCount > 3000 * 64)
    }

    @Test("3,000 fragments without decode times: every one is read, so past the default budget the duration is unknown")
    func longWithoutDecodeTimes() throws {
        let url = try FragmentedMovieCorpus.long().url("long-no-decode-times.ismv")
        let header = try ISOMediaInspector().inspect(fileAt: url)
        #expect(header.duration == nil, "the fragments don't fit in 1 MiB: the duration is unknown")
        #expect(header.tracks.allSatisfy { $0.duration == nil })
        #expect(header.displayedSize?.width == 32, "the rest of the header stands")
        let larger = try ISOMediaInspector(maximumByteCount: 4 << 20, maximumReadCount: 1 << 18).inspect(fileAt: url)
        let duration = try #require(larger.duration)
        #expect(abs(duration.seconds - (try FragmentOracle(url).formatDuration)) < 0.0005)
    }
}
#endif
