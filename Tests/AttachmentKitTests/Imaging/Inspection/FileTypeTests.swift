import Foundation
import Testing

@testable import AttachmentKit

/// `FileType` tells images, ISO media, PDF, ZIP and MP3 apart from their first bytes, so that a
/// video is never taken for an image nor the reverse.
@Suite("File type sniffing", SuiteTimeLimit.minutes(5), .inTurn)
struct FileTypeTests {
    @Test("every image fixture is its image format, never ISO media", arguments: ImagingFixtures.names)
    func images(_ name: String) throws {
        let data = try ImagingFixtures.data(name)
        guard case .image(let format) = FileType(sniffing: data) else {
            Issue.record("\(name) is \(FileType(sniffing: data))")
            return
        }
        #expect(format == (try ImageInspector().inspect(data)).format)
        #expect(throws: ISOMediaInspector.Error.notISOMedia(.image(format))) { try ISOMediaInspector().inspect(data) }
    }

    #if os(macOS) || os(Linux)
    @Test("every clip of the ffmpeg corpus is ISO media, never an image", arguments: ISOMediaCorpus.clips)
    func videos(_ clip: ISOMediaCorpus.Clip) async throws {
        let data = try Data(contentsOf: try await ISOMediaCorpus.shared().url(clip.name))
        guard case .isoMedia = FileType(sniffing: data.prefix(512)) else {
            Issue.record("\(clip) is \(FileType(sniffing: data))")
            return
        }
        #expect(throws: ImageInspector.Error.self) { try ImageInspector().inspect(data) }
    }

    @Test(
        "MP3 with an ID3 tag, and without one (a bare layer III frame), as ffmpeg writes them",
        arguments: [
            ["-id3v2_version", "4"], ["-id3v2_version", "0", "-write_xing", "0"],
        ])
    func mp3(_ options: [String]) async throws {
        let folder = try StorageTemporaryDirectory("filetype")
        let url = folder.appending("sound.mp3")
        _ = try await ISOMediaCorpus.run(
            "ffmpeg",
            ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=sample_rate=8000:duration=1", "-c:a", "libmp3lame"]
                + options + ["-y", url.path])
        let type = FileType(sniffing: try Data(contentsOf: url))
        #expect(type == .mp3)
        #expect(type.mimeType?.essence == "audio/mpeg")
    }

    @Test("ADTS AAC is not MP3: its layer bits are 00")
    func adtsIsNotMP3() async throws {
        let folder = try StorageTemporaryDirectory("filetype")
        let url = folder.appending("sound.aac")
        _ = try await ISOMediaCorpus.run(
            "ffmpeg",
            [
                "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=sample_rate=8000:duration=1", "-c:a", "aac", "-y",
                url.path,
            ])
        #expect(FileType(sniffing: try Data(contentsOf: url)) == .other(.unrecognized))
    }

    @Test("a ZIP archive written by Python's zipfile")
    func zip() async throws {
        let folder = try StorageTemporaryDirectory("filetype")
        let url = folder.appending("archive.zip")
        _ = try await ISOMediaCorpus.run(
            "python3",
            ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').writestr('a.txt', 'hello')", url.path])
        #expect(FileType(sniffing: try Data(contentsOf: url)) == .zip)
    }
    #endif

    @Test("PDF, an empty ZIP, HTML and text from their first bytes")
    func documents() {
        #expect(FileType(sniffing: Data("%PDF-1.7\n%\u{E2}\u{E3}".utf8)) == .pdf)
        #expect(FileType(sniffing: Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))) == .zip)
        #expect(FileType(sniffing: Data("<!DOCTYPE html><html>".utf8)) == .other(.html))
        #expect(FileType(sniffing: Data("{\"a\": 1}".utf8)) == .other(.text))
        #expect(FileType.pdf.mimeType?.essence == "application/pdf")
    }

    @Test("a HEIF brand wins over a video brand, and a QuickTime file without ftyp is ISO media")
    func brands() {
        let heifFirst = SyntheticImages.ftyp("mp42", compatible: ["mp42", "mif1", "heic"]) + Data(count: 32)
        #expect(FileType(sniffing: heifFirst) == .image(.heic))
        let video = SyntheticImages.ftyp("mp42", compatible: ["mp42", "isom"]) + Data(count: 32)
        #expect(FileType(sniffing: video) == .isoMedia(.mp4))
        let noFileType = SyntheticImages.box("moov", Data(count: 32))
        #expect(FileType(sniffing: noFileType) == .isoMedia(.quickTime))
        let otherBrand = SyntheticImages.ftyp("crx ", compatible: ["crx "]) + Data(count: 32)
        #expect(FileType(sniffing: otherBrand) == .other(.otherMedia(brand: "crx ")))
    }
}
