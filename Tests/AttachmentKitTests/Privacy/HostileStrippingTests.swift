import Foundation
import Testing

@testable import AttachmentKit

/// Bad input to the stripper: a typed error, no output file (an existing one left as it was), the
/// input untouched, no temporary file left, never a crash or a hang.
@Suite("Stripping hostile files", .inTurn)
struct HostileStrippingTests {
    /// Strips `data` written as `name` and returns the error, checking that nothing was written.
    private func failure(_ data: Data, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> MetadataStripper.Error?
    {
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let input = folder.appending(name)
        try data.write(to: input)
        let output = folder.appending("out-" + name)
        do {
            try MetadataStripper().strip(fileAt: input, to: output)
            Issue.record("stripped without an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(!FileManager.default.fileExists(atPath: output.path), sourceLocation: sourceLocation)
            #expect(folder.names(in: "") == [name], "left behind", sourceLocation: sourceLocation)
            #expect(try Data(contentsOf: input) == data, sourceLocation: sourceLocation)
            return error
        }
    }

    private static let exifJPEG = SyntheticImages.jpeg(before: [
        SyntheticImages.exifSegment(SyntheticImages.exif(orientation: 6))
    ])

    /// A HEIF whose `meta` also lists item 2, of `type` (with `contentType` for a `mime` item),
    /// at `extents` (offset, length), located from the file's start.
    private static func heifWithItem2(type: String, contentType: String? = nil, extents: [(Int, Int)]) -> Data {
        var infe = ImagingByteWriter()
        for value in [2, 0] { infe.uint16(value) }
        infe.text(type)
        infe.uint8(0)
        if let contentType {
            infe.text(contentType)
            infe.uint8(0)
        }
        var iinf = ImagingByteWriter()
        iinf.uint16(1)
        iinf.append(SyntheticImages.fullBox("infe", version: 2, infe.data))
        var iloc = ImagingByteWriter([0x44, 0x00])
        for value in [1, 2, 0, extents.count] { iloc.uint16(value) }
        for (offset, length) in extents {
            iloc.uint32(offset)
            iloc.uint32(length)
        }
        return SyntheticImages.heif(
            properties: [SyntheticImages.ispe(width: 10, height: 10)],
            extraMetaChildren: [SyntheticImages.fullBox("iinf", iinf.data), SyntheticImages.fullBox("iloc", iloc.data)])
    }

    @Test("an HTML page named .jpg is refused as what it is")
    func htmlPage() throws {
        let page = Data("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8)
        let error = try failure(page, name: "photo.jpg")
        guard case .unsupported(_, .other(.html)) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("a JPEG segment whose length runs past the end, and a JPEG cut in its Exif segment")
    func jpegPastTheEnd() throws {
        var long = SyntheticImages.jpeg(before: [SyntheticImages.segment(0xE1, Data("Exif\0\0".utf8), length: 60_000)])
        long = long.prefix(200)
        guard case .malformedImage(_, .truncated(.jpeg, _)) = try failure(long, name: "long.jpg") else {
            Issue.record("not truncated")
            return
        }
        for cut in [3, 10, 30] {
            let error = try failure(Self.exifJPEG.prefix(cut), name: "cut.jpg")
            guard case .malformedImage(_, let inner) = error, case .truncated = inner else {
                Issue.record("cut at \(cut): \(String(describing: error))")
                continue
            }
        }
    }

    @Test("a PNG with a bad CRC, in its metadata or its image data, or cut before IEND")
    func pngChecksums() throws {
        let png = SyntheticImages.withPNGCRCs(
            SyntheticImages.png(
                width: 8, height: 8, chunks: [SyntheticImages.pngChunk("tEXt", Data("exif:GPSLatitude\u{0}1/1".utf8))]))
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let valid = folder.appending("valid.png")
        try png.write(to: valid)
        #expect(try MetadataStripper().strip(fileAt: valid, to: folder.appending("valid-out.png")) == .gps)
        for target in ["tEXt", "IDAT"] {
            var damaged = [UInt8](png)
            let at = try #require(
                damaged.indices.dropLast(4).first { Array(damaged[$0..<$0 + 4]) == Array(target.utf8) })
            damaged[at + 4] ^= 0x01
            let error = try failure(Data(damaged), name: "crc.png")
            #expect("\(String(describing: error))".contains("CRC"), "\(target): \(String(describing: error))")
        }
        guard case .malformedImage(_, .truncated(.png, _)) = try failure(png.dropLast(12), name: "cut.png") else {
            Issue.record("a PNG without IEND was stripped")
            return
        }
    }

    @Test("a WebP whose RIFF size claims more than the file, or whose chunk runs past the RIFF data")
    func lyingRIFFSize() throws {
        let vp8x = SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x08, width: 10, height: 10))
        let exif = SyntheticImages.riffChunk("EXIF", SyntheticImages.exif(orientation: 3))
        let webp = SyntheticImages.webp([vp8x, exif], riffSize: 1_000_000)
        #expect("\(String(describing: try failure(webp, name: "riff.webp")))".contains("RIFF size"))
        let chunk = SyntheticImages.riffChunk("EXIF", Data(count: 8), size: 500)
        guard
            case .malformedImage(_, .oversizedField(.webp, _, _)) = try failure(
                SyntheticImages.webp([vp8x, chunk]), name: "chunk.webp")
        else {
            Issue.record("a chunk past the RIFF data was stripped")
            return
        }
    }

    @Test("a HEIF item located past the end of the file, and a HEIF cut in its media data")
    func ilocPastTheEnd() throws {
        let heif = Self.heifWithItem2(type: "Exif", extents: [(0x7FFF_FF00, 100)])
        #expect("\(String(describing: try failure(heif, name: "iloc.heic")))".contains("past the end"))
        guard case .malformedImage(_, .truncated) = try failure(heif.dropLast(4), name: "cut.heic") else {
            Issue.record("a cut HEIF was stripped")
            return
        }
    }

    @Test("a HEIF XMP item without bytes is removed and reported (found by the fuzzer)")
    func emptyXMPItem() throws {
        let heif = Self.heifWithItem2(type: "mime", contentType: "application/rdf+xml", extents: [])
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let input = folder.appending("empty-xmp.heic")
        try heif.write(to: input)
        let output = folder.appending("out.heic")
        #expect(try MetadataStripper().strip(fileAt: input, to: output) == .xmp)
        #expect(try Data(contentsOf: output).range(of: Data("rdf+xml".utf8)) == nil)
        #expect(try MetadataStripper().strip(fileAt: output, to: folder.appending("again.heic")) == [])
    }

    @Test("an MP4 whose box runs past the end")
    func cutVideo() throws {
        let movie =
            SyntheticImages.box("ftyp", Data("isom\0\0\0\0isommp41".utf8))
            + SyntheticImages.box("moov", SyntheticImages.box("udta", Data()))
            + SyntheticImages.box("mdat", Data(count: 100))
        let error = try failure(movie.dropLast(10), name: "cut.mp4")
        guard case .malformedMedia(_, .truncated) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test("a removed value that points at the TIFF header leaves the header (found by the fuzzer)")
    func valueInTheHeader() throws {
        // IFD0 holds one entry: Artist, 8 ASCII bytes at offset 0, which is the TIFF header.
        var tiff = ImagingByteWriter([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8])
        tiff.uint16(1)
        for value in [0x013B, 2] { tiff.uint16(value) }
        for value in [8, 0, 0] { tiff.uint32(value) }
        let jpeg = SyntheticImages.jpeg(before: [SyntheticImages.exifSegment(tiff.data)])
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let input = folder.appending("in.jpg")
        try jpeg.write(to: input)
        let output = folder.appending("out.jpg")
        #expect(try MetadataStripper().strip(fileAt: input, to: output) == .identifyingFields)
        #expect(try MetadataStripper().strip(fileAt: output, to: folder.appending("again.jpg")) == [])
    }

    @Test("a directory whose rewrite would change a kept value is refused (found by the fuzzer)")
    func rewriteSharedWithAKeptValue() throws {
        // IFD0 at 8: Artist (removed, "Jane" at 38) and Make, whose 8 bytes at 10 are IFD0's own
        // first entry: taking Artist out would move Make's entry over them and change its value.
        var tiff = ImagingByteWriter([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8])
        tiff.uint16(2)
        for value in [0x013B, 2] { tiff.uint16(value) }
        for value in [5, 38] { tiff.uint32(value) }
        for value in [0x010F, 2] { tiff.uint16(value) }
        for value in [8, 10, 0] { tiff.uint32(value) }
        let jpeg = SyntheticImages.jpeg(before: [SyntheticImages.exifSegment(tiff.data + Data("Jane\0".utf8))])
        let error = try failure(jpeg, name: "shared.jpg")
        guard case .malformedImage(_, .malformed(.jpeg, let reason)) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("shared"), "\(reason)")
    }

    @Test("an existing output is left as it was when stripping fails")
    func existingOutputKept() throws {
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let input = folder.appending("bad.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]).write(to: input)
        let output = folder.appending("out.png")
        try Data("keep me".utf8).write(to: output)
        #expect(throws: MetadataStripper.Error.self) { try MetadataStripper().strip(fileAt: input, to: output) }
        #expect(try Data(contentsOf: output) == Data("keep me".utf8))
    }

    @Test("a thousand mutations of a JPEG, PNG and WebP each end in an output or a typed error")
    func mutations() throws {
        let folder = try StorageTemporaryDirectory("privacy-hostile")
        let seeds = [
            Self.exifJPEG, SyntheticImages.withPNGCRCs(SyntheticImages.png(width: 4, height: 4)),
            SyntheticImages.webp([
                SyntheticImages.riffChunk("VP8X", SyntheticImages.vp8xPayload(flags: 0x0C, width: 4, height: 4)),
                SyntheticImages.riffChunk("EXIF", SyntheticImages.exif(orientation: 6)),
                SyntheticImages.riffChunk(
                    "XMP ", Data("<x:xmpmeta><rdf:Description exif:GPSLatitude='1'/></x:xmpmeta>".utf8)),
            ]),
        ]
        var random = SeededRandom(seed: 35)
        let input = folder.appending("in")
        let output = folder.appending("out")
        for round in 0..<1000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0...(Int(random.next() % 4)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            try Data(bytes).write(to: input)
            for policy in [MetadataPolicy.removePersonal, .removeLocation] {
                do {
                    try MetadataStripper(policy: policy).strip(fileAt: input, to: output)
                } catch {
                    #expect(!"\(error)".isEmpty)
                }
            }
        }
    }
}
