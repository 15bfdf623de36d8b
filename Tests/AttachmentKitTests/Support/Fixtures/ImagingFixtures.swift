import Foundation

/// The image fixtures in `Imaging/Fixtures` (made by `make-fixtures.sh`) and their manifest of
/// expected values from ImageMagick's `identify`, exiftool and libheif.
enum ImagingFixtures {
    /// One line of `manifest.tsv`.
    struct Entry: Sendable, CustomStringConvertible {
        /// The file name.
        let file: String
        /// identify's format name (`JPEG`, `PNG`, `HEIC`, `BMP3`…).
        let identifyFormat: String
        /// identify's width and height: stored pixels, except for HEIF, which libheif decodes
        /// with its transforms applied.
        let width: Int
        let height: Int
        /// Whether identify reports interlacing (progressive JPEG, Adam7 PNG, interlaced GIF).
        let isInterlaced: Bool
        /// How many frames the file holds.
        let frames: Int
        /// The EXIF orientation value (1–8) the image is displayed with.
        let exifOrientation: Int

        var description: String { file }
    }

    /// The folder of fixtures inside the test bundle.
    static var folder: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return url
        }
    }

    /// The URL of fixture `name`.
    static func url(_ name: String) throws -> URL { try folder.appendingPathComponent(name) }

    /// The bytes of fixture `name`.
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Every entry of the manifest.
    static func manifest() throws -> [Entry] {
        let text = try String(contentsOf: url("manifest.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 7, let width = Int(fields[2]), let height = Int(fields[3]),
                let frames = Int(fields[5]), let orientation = Int(fields[6])
            else { return nil }
            return Entry(
                file: fields[0], identifyFormat: fields[1], width: width, height: height,
                isInterlaced: fields[4] != "None", frames: frames, exifOrientation: orientation)
        }
    }

    /// The manifest's file names, for parameterised tests.
    static let names: [String] = (try? manifest().map(\.file)) ?? []
}
