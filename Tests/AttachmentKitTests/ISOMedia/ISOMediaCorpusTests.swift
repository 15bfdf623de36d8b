import Foundation
import Testing

@testable import AttachmentKit

#if os(macOS) || os(Linux)
/// Every value the ISO media inspector reports for files made by `ffmpeg` agrees with `ffprobe`
/// and `exiftool` reading the same file.
@Suite("ISO media inspection against ffprobe and exiftool", SuiteTimeLimit.minutes(5), .inTurn)
struct ISOMediaCorpusTests {
    @Test(
        "tracks, codecs, durations, display size, rotation, brands and fast start agree",
        arguments: ISOMediaCorpus.clips)
    func agreesWithTheOracles(_ clip: ISOMediaCorpus.Clip) async throws {
        let url = try await ISOMediaCorpus.shared().url(clip.name)
        let oracle = try await ISOMediaOracle(url)
        let header = try ISOMediaInspector().inspect(fileAt: url)

        #expect(header.tracks.map(\.kind.description) == oracle.streams.map(\.kind))
        #expect(header.tracks.map(\.codec) == oracle.streams.map(\.codecTag))
        #expect(header.majorBrand == oracle.majorBrand)
        #expect(header.compatibleBrands == oracle.compatibleBrands)
        #expect(header.isFastStart == oracle.moovBeforeMdat)
        #expect(header.isFragmented == clip.name.hasPrefix("fragmented"))
        // mdhd: exiftool's MediaDuration, track by track; a fragmented file's are in its fragments
        // (ISOMediaFragmentTests).
        let mediaSeconds = header.tracks.map { $0.duration?.seconds ?? 0 }
        #expect(mediaSeconds.count == oracle.mediaDurations.count)
        if !header.isFragmented {
            for (ours, theirs) in zip(mediaSeconds, oracle.mediaDurations) { #expect(abs(ours - theirs) < 0.0005) }
        }
        // mvhd, or a fragmented file's fragments: ffprobe's format duration.
        let duration = try #require(header.duration)
        #expect(abs(duration.seconds - (oracle.formatDuration ?? -1)) < 0.0005)
        guard let video = oracle.streams.first(where: { $0.kind == "video" }) else {
            #expect(header.videoTrack == nil)
            return
        }
        // ffprobe's rotation is anticlockwise; exiftool's clockwise, as ours.
        let clockwise = ((-(video.rotation ?? 0)) % 360 + 360) % 360
        #expect(header.rotation.clockwiseDegrees == clockwise)
        #expect(header.rotation.clockwiseDegrees == (oracle.exiftoolRotation ?? 0))
        let size = try #require(header.displayedSize)
        let (width, height) = (CGFloat(try #require(video.width)), CGFloat(try #require(video.height)))
        #expect(size.width == (header.rotation.swapsWidthAndHeight ? height : width))
        #expect(size.height == (header.rotation.swapsWidthAndHeight ? width : height))
    }

    @Test(
        "the format follows the brands: MP4, QuickTime, M4A, 3GP",
        arguments: [
            ("h264-aac-faststart.mp4", ISOMediaHeader.Format.mp4), ("mpeg4-aac.mov", .quickTime),
            ("aac-audio-only.m4a", .m4a),
            ("h264-aac.3gp", .threeGPP),
        ])
    func format(_ name: String, _ format: ISOMediaHeader.Format) async throws {
        let url = try await ISOMediaCorpus.shared().url(name)
        #expect(try ISOMediaInspector().inspect(fileAt: url).format == format)
        #expect(FileType(sniffing: try Data(contentsOf: url).prefix(512)) == .isoMedia(format))
    }

    @Test("a file in memory gives the header a file gives, read in chunks of any size", arguments: ISOMediaCorpus.clips)
    func memoryAndChunksAgree(_ clip: ISOMediaCorpus.Clip) async throws {
        let url = try await ISOMediaCorpus.shared().url(clip.name)
        let inspector = ISOMediaInspector()
        let fromFile = try inspector.inspect(fileAt: url)
        let fromMemory = try inspector.inspect(try Data(contentsOf: url))
        #expect(fromMemory.reading(0) == fromFile.reading(0))
        for chunkSize in [61, 509] {
            #expect(try inspector.inspect(fileAt: url, chunkSize: chunkSize).reading(0) == fromFile.reading(0))
        }
    }

    @Test("a file whose moov is at the end is read by jumping over mdat: a few small reads")
    func jumpsOverMediaData() async throws {
        let corpus = try await ISOMediaCorpus.shared()
        let url = corpus.url("h264-aac-moov-at-end.mp4")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        let header = try ISOMediaInspector().inspect(fileAt: url)
        #expect(!header.isFastStart)
        #expect(header.inspectedByteCount < size)
    }
}
#endif
