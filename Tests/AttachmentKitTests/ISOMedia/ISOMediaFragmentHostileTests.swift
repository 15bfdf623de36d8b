import Foundation
import Testing

@testable import AttachmentKit

/// Fragmented movies built by hand: each layout of the durations gives the duration it says,
/// and hostile fragments (counts past their bytes, sizes past the end, an index pointing
/// anywhere, sums past 64 bits) leave the duration unknown, or fall back to the fragments
/// themselves, within the budgets: the rest of the header stands, nothing traps.
@Suite("Fragmented MP4 durations of hand-built and hostile files", .inTurn)
struct ISOMediaFragmentHostileTests {
    private let inspector = ISOMediaInspector()

    /// Three fragments of ten 40 ms samples, with decode times: 1.2 s.
    private var fragments: [Data] {
        (0..<3).map { SyntheticFragments.fragment(start: UInt64($0 * 400), count: 10, duration: 40, sequence: $0 + 1) }
    }

    private func duration(_ data: Data) throws -> MediaDuration? {
        let header = try inspector.inspect(data)
        #expect(header.displayedSize?.width == 640, "the rest of the header stands")
        #expect(header.tracks.first?.duration == header.duration)
        return header.duration
    }

    @Test("decode times and tfhd defaults; with and without the mfra index")
    func decodeTimes() throws {
        #expect(
            try duration(SyntheticFragments.movie(fragments: fragments)) == MediaDuration(value: 1200, timescale: 1000))
        let indexed = SyntheticFragments.movie(fragments: fragments, indexed: true)
        #expect(try duration(indexed) == MediaDuration(value: 1200, timescale: 1000))
    }

    @Test("without decode times, the samples of every fragment are summed; the last decode time counts")
    func withoutDecodeTimes() throws {
        let untimed = (0..<3).map { SyntheticFragments.fragment(start: nil, count: 10, duration: 40, sequence: $0 + 1) }
        #expect(
            try duration(SyntheticFragments.movie(fragments: untimed)) == MediaDuration(value: 1200, timescale: 1000))
        // A decode time in the middle: the fragments after it add to it, those before don't count.
        let mixed = [untimed[0], SyntheticFragments.fragment(start: 5000, count: 10, duration: 40), untimed[2]]
        #expect(try duration(SyntheticFragments.movie(fragments: mixed)) == MediaDuration(value: 5800, timescale: 1000))
    }

    @Test("per-sample durations, then the tfhd default, then the trex default")
    func defaultsInOrder() throws {
        let perSample = SyntheticFragments.moof([
            SyntheticFragments.traf([
                SyntheticFragments.tfhd(defaultDuration: 999), SyntheticFragments.tfdt(0),
                SyntheticFragments.trun(count: 3, durations: [10, 20, 30]),
            ])
        ])
        #expect(
            try duration(SyntheticFragments.movie(fragments: [perSample])) == MediaDuration(value: 60, timescale: 1000))
        let trexOnly = SyntheticFragments.moof([
            SyntheticFragments.traf([
                SyntheticFragments.tfhd(), SyntheticFragments.tfdt(0), SyntheticFragments.trun(count: 5),
            ])
        ])
        let movie = SyntheticFragments.movie(fragments: [trexOnly], trexDuration: 33)
        #expect(try duration(movie) == MediaDuration(value: 165, timescale: 1000))
    }

    @Test("mehd, when present, is the movie's duration; the track's still comes from its fragments")
    func movieExtendsHeader() throws {
        let header = try inspector.inspect(SyntheticFragments.movie(fragments: fragments, fragmentDuration: 2500))
        #expect(header.duration == MediaDuration(value: 2500, timescale: 1000))
        #expect(header.tracks.first?.duration == MediaDuration(value: 1200, timescale: 1000))
    }

    @Test("a trun claiming 2^31 samples in a few bytes: the duration is unknown, nothing allocated")
    func hugeSampleCount() throws {
        let hostile = SyntheticFragments.moof([
            SyntheticFragments.traf([
                SyntheticFragments.tfhd(defaultDuration: 40), SyntheticFragments.tfdt(0),
                SyntheticFragments.trun(count: 2, durations: [40, 40], claimedCount: 1 << 31),
            ])
        ])
        #expect(try duration(SyntheticFragments.movie(fragments: fragments + [hostile])) == nil)
    }

    @Test("a moof or mdat whose size runs past the end of the file: the duration is unknown")
    func sizesPastTheEnd() throws {
        let movie = SyntheticFragments.movie(fragments: fragments)
        for type in ["moof", "mdat", "traf", "trun"] {
            let last = try #require(Self.lastBox(type, in: movie))
            let damaged = SyntheticMovies.patching(movie, at: last, uint32: UInt32(movie.count))
            #expect(try duration(damaged) == nil, "\(type)")
        }
        #expect(try duration(movie.dropLast(5)) == nil, "cut inside the last mdat")
    }

    @Test("an mfra index pointing anywhere, or claiming more entries than it holds: the fragments are walked")
    func hostileIndex() throws {
        let plain = SyntheticFragments.movie(fragments: fragments)
        let moofs = [0, 1, 2].map { index in Self.offsets("moof", in: plain)[index] }
        let expected = MediaDuration(value: 1200, timescale: 1000)
        for offsets in [[0], [plain.count + 100], [moofs[2] + 3], [Int(Int64.max)], [moofs[0] - 1]] {
            let file = plain + SyntheticFragments.mfra(moofOffsets: offsets)
            #expect(try duration(file) == expected, "tfra offsets \(offsets)")
        }
        let huge = plain + SyntheticFragments.mfra(moofOffsets: moofs, claimedCount: 1 << 30)
        #expect(try duration(huge) == expected)
        var mfro = ImagingByteWriter()
        mfro.uint32(1 << 30)
        let farAway = plain + SyntheticImages.fullBox("mfro", mfro.data)
        #expect(try duration(farAway) == expected)
    }

    @Test("a trun before its tfhd, or decode times that overflow 64 bits: the duration is unknown")
    func malformedFragments() throws {
        let early = SyntheticFragments.moof([
            SyntheticFragments.traf([SyntheticFragments.trun(count: 2), SyntheticFragments.tfhd(defaultDuration: 40)])
        ])
        #expect(try duration(SyntheticFragments.movie(fragments: [early])) == nil)
        let overflow = SyntheticFragments.fragment(start: .max - 100, count: 10, duration: 40)
        #expect(try duration(SyntheticFragments.movie(fragments: [overflow])) == nil)
    }

    @Test("a fragment of a track the movie doesn't have is skipped")
    func unknownTrack() throws {
        let stranger = SyntheticFragments.moof([
            SyntheticFragments.traf([
                SyntheticFragments.tfhd(trackID: 9, defaultDuration: 1000), SyntheticFragments.tfdt(99_000),
                SyntheticFragments.trun(count: 10),
            ])
        ])
        let movie = SyntheticFragments.movie(fragments: fragments + [stranger])
        #expect(try duration(movie) == MediaDuration(value: 1200, timescale: 1000))
    }

    @Test("100,000 empty fragments stop at the read budget: the duration is unknown, the header stands")
    func manyFragments() throws {
        let empty = SyntheticImages.box("moof")
        let movie =
            SyntheticFragments.movie(fragments: []) + (0..<100_000).reduce(into: Data()) { data, _ in data += empty }
        #expect(try duration(movie) == nil)
    }

    /// The offsets of the boxes of `type` in a file built by ``SyntheticFragments``.
    private static func offsets(_ type: String, in data: Data) -> [Int] {
        let bytes = [UInt8](data)
        let pattern = Array(type.utf8)
        return (4..<max(4, bytes.count - 3)).filter { Array(bytes[$0..<$0 + 4]) == pattern }.map { $0 - 4 }
    }

    private static func lastBox(_ type: String, in data: Data) -> Int? { offsets(type, in: data).last }
}
