import Foundation
import Testing

@testable import AttachmentKit

/// Hostile ISO media files, built by hand: each gives a typed ``ISOMediaInspector/Error`` (or,
/// where the damage leaves a valid file, a header), within the inspector's budgets, never a
/// crash, a loop or an allocation sized by the file.
@Suite("ISO media inspection of hostile files", .inTurn)
struct ISOMediaHostileTests {
    private let inspector = ISOMediaInspector()

    private func error(_ data: Data) -> ISOMediaInspector.Error? {
        do {
            _ = try inspector.inspect(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("the synthetic movie is valid, so the damage below is what fails")
    func baseline() throws {
        let header = try inspector.inspect(SyntheticMovies.movie())
        #expect(header.duration == MediaDuration(value: 2500, timescale: 1000))
        #expect(header.tracks.first?.codec == "avc1")
        #expect(header.displayedSize?.width == 640)
    }

    @Test(
        "a size of 0 or 1 in any box header gives a header or a typed error, never a budget overrun", arguments: [0, 1])
    func sizeZeroOrOneEverywhere(_ size: UInt32) {
        let movie = SyntheticMovies.movie(moovFirst: false)
        let offsets = SyntheticMovies.boxOffsets(in: movie)
        #expect(offsets.count >= 15)
        for offset in offsets {
            let damaged = SyntheticMovies.patching(movie, at: offset, uint32: size)
            if let error = error(damaged) {
                #expect(!error.isBudgetError, "box at \(offset): \(error)")
            }
        }
    }

    @Test("a nested box of size 0 is malformed (size 0 runs to the end of the file: top level only)")
    func nestedSizeZero() {
        let movie = SyntheticMovies.movie()
        let trak = SyntheticMovies.boxOffsets(in: movie).first { movie[$0 + 4..<$0 + 8] == Data("trak".utf8) } ?? 0
        #expect(
            error(SyntheticMovies.patching(movie, at: trak, uint32: 0))?.caseName == "malformed", "expected malformed")
    }

    @Test("a top-level mdat of size 0 runs to the end of the file")
    func topLevelSizeZero() throws {
        let data =
            SyntheticImages.ftyp("isom", compatible: ["isom"]) + SyntheticImages.box("moov", SyntheticMovies.mvhd())
            + SyntheticImages.box("mdat", Data(count: 100), size: 0)
        #expect(try inspector.inspect(data).isFastStart)
    }

    @Test("a 64-bit size below 16 is malformed", arguments: [0, 8, 15])
    func largeSizeBelowSixteen(_ largeSize: Int) {
        var writer = ImagingByteWriter()
        writer.uint32(1)
        writer.text("moov")
        writer.uint64(UInt64(largeSize))
        let data = SyntheticImages.ftyp("isom", compatible: ["isom"]) + writer.data + Data(count: 64)
        #expect(error(data)?.caseName == "malformed", "expected malformed for \(largeSize)")
    }

    @Test("a 64-bit size past the end: truncated at the top level, oversized inside a parent")
    func largeSizePastTheEnd() {
        var top = ImagingByteWriter()
        top.uint32(1)
        top.text("mdat")
        top.uint64(1 << 40)
        let file = SyntheticImages.ftyp("isom", compatible: ["isom"]) + top.data + Data(count: 64)
        #expect(error(file)?.caseName == "truncated", "expected truncated")

        var nested = ImagingByteWriter()
        nested.uint32(1)
        nested.text("trak")
        nested.uint64(UInt64(Int64.max))
        let moov = SyntheticImages.box("moov", SyntheticMovies.mvhd() + nested.data + Data(count: 32))
        #expect(
            error(SyntheticImages.ftyp("isom", compatible: ["isom"]) + moov)?.caseName == "oversizedField",
            "expected oversized")
    }

    @Test("boxes nested 10,000 deep stop at the depth limit")
    func deepNesting() {
        var inner = SyntheticImages.box("trak")
        for _ in 0..<10_000 { inner = SyntheticImages.box("trak", inner) }
        let data = SyntheticImages.ftyp("isom", compatible: ["isom"]) + SyntheticImages.box("moov", inner)
        #expect(error(data) == .nestingTooDeep(.mp4, limit: ISOMediaInspector.maximumNestingDepth))
    }

    @Test(
        "a sample table claiming 2^31 entries in a few bytes is oversized, with nothing allocated",
        arguments: [
            "stts", "stsz", "stco", "stsc", "stsd",
        ])
    func hugeEntryCount(_ type: String) {
        let table =
            type == "stsd" ? SyntheticMovies.stsd(entryCount: 1 << 31) : SyntheticMovies.table(type, count: 1 << 31)
        let tables = [type == "stsd" ? table : SyntheticMovies.stsd(), type == "stsd" ? Data() : table]
        let data = SyntheticMovies.movie(tracks: [SyntheticMovies.videoTrack(sampleTables: tables)])
        #expect(error(data) == .oversizedField(.mp4, field: "\"\(type)\" entry count", value: 1 << 31))
    }

    @Test("a moov cut short, or larger than the file, is truncated")
    func truncatedMovie() {
        let movie = SyntheticMovies.movie(moovFirst: false)
        for cut in stride(from: movie.count - 1, to: 150, by: -37) {
            #expect(error(movie.prefix(cut))?.caseName == "truncated", "cut at \(cut) not truncated")
        }
        let moov = SyntheticMovies.boxOffsets(in: movie).first { movie[$0 + 4..<$0 + 8] == Data("moov".utf8) } ?? 0
        let larger = SyntheticMovies.patching(movie, at: moov, uint32: UInt32(movie.count * 2))
        #expect(error(larger)?.caseName == "truncated", "larger moov not truncated")
    }

    @Test("a box too short for its fields is malformed, not read into its neighbour")
    func shortFullBox() {
        let short = SyntheticImages.fullBox("mvhd", Data(count: 20))
        let data = SyntheticMovies.movie(movieHeader: short)
        #expect(error(data)?.caseName == "malformed", "expected malformed")
    }

    @Test("100,000 empty boxes stop at the read budget")
    func manyEmptyBoxes() {
        let free = SyntheticImages.box("free")
        let data =
            SyntheticImages.ftyp("isom", compatible: ["isom"])
            + (0..<100_000).reduce(into: Data()) { data, _ in data += free }
        #expect(error(data) == .readCountExceeded(.mp4, limit: ISOMediaInspector.defaultMaximumReadCount))
    }

    @Test("an image is no ISO media file, and a video no image")
    func imagesAndVideosApart() throws {
        let heif = SyntheticImages.ftyp() + Data(count: 64)
        #expect(error(heif) == .notISOMedia(.image(.heic)))
        let movie = SyntheticMovies.movie()
        #expect(throws: ImageInspector.Error.notAnImage(.otherMedia(brand: "isom"))) {
            try ImageInspector().inspect(movie)
        }
    }
}

extension ISOMediaInspector.Error {
    /// Whether the error is a budget running out rather than the bytes being wrong.
    fileprivate var caseName: String {
        switch self {
        case .truncated: "truncated"
        case .malformed: "malformed"
        case .oversizedField: "oversizedField"
        case .nestingTooDeep: "nestingTooDeep"
        default: "\(self)"
        }
    }
}
