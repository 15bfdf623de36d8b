import Foundation
import Testing

@testable import AttachmentKit

@Suite("Inspecting the fixtures agrees with identify", .inTurn)
struct FixtureManifestTests {
    @Test("the manifest lists every fixture, all eight orientations for four formats, and HEIF transforms")
    func manifestCoverage() throws {
        let entries = try ImagingFixtures.manifest()
        #expect(entries.count >= 60)
        for prefix in ["jpeg-orientation-", "png-orientation-", "webp-orientation-", "tiff-orientation-"] {
            let orientations = Set(entries.filter { $0.file.hasPrefix(prefix) }.map(\.exifOrientation))
            #expect(orientations == Set(1...8), "\(prefix)")
        }
        let heifOrientations = Set(entries.filter { $0.file.hasPrefix("heic-") }.map(\.exifOrientation))
        #expect(heifOrientations.isSuperset(of: [2, 3, 4, 5, 6, 7, 8]))
        let files = try FileManager.default.contentsOfDirectory(atPath: ImagingFixtures.folder.path)
        // Hostile/ holds files that must be refused, tested on their own.
        let images = files.filter { !["sh", "py", "tsv"].contains(($0 as NSString).pathExtension) && $0 != "Hostile" }
        #expect(Set(images) == Set(entries.map(\.file)))
    }

    @Test(
        "format, size, orientation, progressive and animated flags match the manifest", arguments: ImagingFixtures.names
    )
    func fixtureFromFile(name: String) throws {
        let entry = try #require(try ImagingFixtures.manifest().first { $0.file == name })
        let header = try ImageInspector().inspect(fileAt: ImagingFixtures.url(name))
        #expect(Self.identifyNames(of: header.format).contains(entry.identifyFormat))
        if [.heic, .heif, .avif].contains(header.format) {
            // libheif applies irot/imir when ImageMagick decodes, so identify reports the displayed size.
            #expect(header.displayedWidth == entry.width && header.displayedHeight == entry.height)
        } else {
            #expect(header.pixelWidth == entry.width && header.pixelHeight == entry.height)
        }
        #expect(header.orientation.exifValue == entry.exifOrientation)
        #expect(header.isProgressive == entry.isInterlaced)
        #expect(header.isAnimated == (entry.frames > 1))
        if ![.heic, .heif, .avif].contains(header.format) {
            #expect((header.animation?.frameCount ?? 1) == entry.frames)
        }
    }

    @Test(
        "inspecting the bytes in memory gives the same header as inspecting the file", arguments: ImagingFixtures.names)
    func fixtureFromData(name: String) throws {
        let fromFile = try ImageInspector().inspect(fileAt: ImagingFixtures.url(name))
        let fromData = try ImageInspector().inspect(ImagingFixtures.data(name))
        #expect(fromData.format == fromFile.format)
        #expect(fromData.pixelWidth == fromFile.pixelWidth && fromData.pixelHeight == fromFile.pixelHeight)
        #expect(fromData.orientation == fromFile.orientation)
        #expect(fromData.isProgressive == fromFile.isProgressive)
        #expect(fromData.isAnimated == fromFile.isAnimated)
        #expect(fromData.animation == fromFile.animation)
    }

    /// The names identify gives each format.
    private static func identifyNames(of format: ImageFormat) -> Set<String> {
        switch format {
        case .jpeg: ["JPEG"]
        case .png: ["PNG"]
        case .gif: ["GIF"]
        case .webp: ["WEBP"]
        case .heic, .heif, .avif: ["HEIC", "AVIF"]
        case .bmp: ["BMP", "BMP2", "BMP3"]
        case .tiff: ["TIFF"]
        }
    }
}
