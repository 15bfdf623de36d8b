#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, cwebp, webpmux, heif-enc, ffmpeg): macOS and Linux only.
import Foundation

/// Photos and videos carrying personal metadata, made in a temporary folder by outside tools:
/// ImageMagick draws the picture (with an ICC profile), exiftool writes the metadata, `cwebp` and
/// `webpmux` make the WebP, `heif-enc` the HEIC and the AVIF, `ffmpeg` the videos.
enum PrivacyFixtures {
    /// What exiftool writes into every photo that the default policy removes.
    static let personalTags = [
        "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522", "-GPSLongitudeRef=E", "-GPSAltitude=35",
        "-XMP-exif:GPSLatitude=48.8566", "-XMP-exif:GPSLongitude=2.3522", "-XMP-dc:Creator=Jane Doe",
        "-XMP-dc:Title=Holiday in town", "-IPTC:City=Lutetia", "-IPTC:By-line=Jane Doe", "-SerialNumber=BODY1234",
        "-LensSerialNumber=LENS5678", "-OwnerName=Jane Doe", "-Artist=Jane Doe",
        "-ImageUniqueID=0f1e2d3c4b5a69788796a5b4c3d2e1f0", "-UserComment=taken at home", "-XPAuthor=Jane Doe",
    ]
    /// What exiftool writes that stripping keeps.
    static let keptTags = ["-Copyright=(c) Example Copyright", "-Make=ExampleCam", "-Model=Model Nine"]
    /// Values of removed tags: none may be left in a stripped file's bytes.
    static let personalValues = ["Jane Doe", "BODY1234", "LENS5678", "taken at home", "Lutetia", "0f1e2d3c4b5a6978"]
    /// The place a video's `loci` box names (exiftool's `LocationInformation`).
    static let videoPlace = "Jane Home Role=shooting Lat=48.8566 Lon=2.3522 Alt=35 Body=earth Notes=at home"
    /// The ICC profile ImageMagick embeds (from Ghostscript, installed with ImageMagick).
    static let iccProfile = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// A 320 × 240 JPEG with an ICC profile, an Exif thumbnail, orientation `orientation` and
    /// every personal tag; with `extendedXMP`, an XMP description too large for one segment.
    static func jpeg(
        in folder: StorageTemporaryDirectory, name: String = "photo.jpg", orientation: Int = 6,
        personal: Bool = true, extendedXMP: Bool = false
    ) throws -> URL {
        let url = folder.appending(name)
        var drawing = ["-size", "320x240", "gradient:red-blue"]
        if FileManager.default.fileExists(atPath: iccProfile) { drawing += ["-profile", iccProfile] }
        try PrivacyTools.run("convert", drawing + ["jpg:\(url.path)"])
        let thumbnail = folder.appending("\(name).thumb.jpg")
        try PrivacyTools.run("convert", ["-size", "80x60", "gradient:green-yellow", "jpg:\(thumbnail.path)"])
        var tags = [
            "-q", "-overwrite_original", "-n", "-Orientation=\(orientation)", "-ThumbnailImage<=\(thumbnail.path)",
        ]
        tags += keptTags + (personal ? personalTags : [])
        if extendedXMP {
            let text = folder.appending("\(name).description.txt")
            try Data(String(repeating: "a long description ", count: 5000).utf8).write(to: text)
            tags.append("-XMP-dc:Description<=\(text.path)")
        }
        try PrivacyTools.run("exiftool", tags + [url.path])
        return url
    }

    /// A PNG converted by ImageMagick from ``jpeg(in:name:orientation:personal:extendedXMP:)``
    /// (its raw profiles and `exif:*` text chunks), then given `eXIf` and XMP by exiftool.
    static func png(in folder: StorageTemporaryDirectory, name: String = "photo.png", orientation: Int = 6) throws
        -> URL
    {
        let source = try jpeg(in: folder, name: "\(name).source.jpg", orientation: orientation)
        let url = folder.appending(name)
        try PrivacyTools.run("convert", [source.path, "png:\(url.path)"])
        try PrivacyTools.run(
            "exiftool",
            ["-q", "-overwrite_original", "-n", "-Orientation=\(orientation)"] + keptTags + personalTags + [url.path])
        return url
    }

    /// A lossy extended WebP (`cwebp`) whose `EXIF` and `XMP ` chunks `webpmux` copies from a
    /// JPEG's (exiftool 12.57 doesn't write WebP); `ICCP` too when `icc`.
    static func webp(in folder: StorageTemporaryDirectory, name: String = "photo.webp", orientation: Int = 6) throws
        -> URL
    {
        let source = try jpeg(in: folder, name: "\(name).source.jpg", orientation: orientation)
        let png = folder.appending("\(name).source.png")
        try PrivacyTools.run("convert", [source.path, "-strip", "png:\(png.path)"])
        let plain = folder.appending("\(name).plain.webp")
        try PrivacyTools.run("cwebp", ["-quiet", "-q", "80", png.path, "-o", plain.path])
        let exif = folder.appending("\(name).exif")
        try PrivacyTools.run("exiftool", ["-b", "-EXIF", source.path]).write(to: exif)
        let xmp = folder.appending("\(name).xmp")
        try PrivacyTools.run("exiftool", ["-b", "-XMP", source.path]).write(to: xmp)
        let withExif = folder.appending("\(name).exif.webp")
        try PrivacyTools.run("webpmux", ["-set", "exif", exif.path, plain.path, "-o", withExif.path])
        let url = folder.appending(name)
        try PrivacyTools.run("webpmux", ["-set", "xmp", xmp.path, withExif.path, "-o", url.path])
        return url
    }

    /// A HEIF file with Exif and XMP items carrying every personal tag HEIF can hold: made by
    /// `heif-enc` from ``jpeg(in:name:orientation:personal:extendedXMP:)`` (whose ICC profile
    /// becomes a `colr` property and whose Exif and XMP become items; AVIF when `name` ends in
    /// `.avif`), or a copy of the fixture `base` (one with `irot` and `imir`), tagged by exiftool.
    static func heif(in folder: StorageTemporaryDirectory, name: String = "photo.heic", base: String? = nil) throws
        -> URL
    {
        let url = folder.appending(name)
        if let base {
            try FileManager.default.copyItem(at: ImagingFixtures.url(base), to: url)
        } else {
            let source = try jpeg(in: folder, name: "\(name).source.jpg")
            let avif = name.hasSuffix(".avif") ? ["-A"] : []
            try PrivacyTools.run("heif-enc", avif + ["-q", "50", source.path, "-o", url.path])
        }
        try PrivacyTools.run(
            "exiftool",
            ["-q", "-overwrite_original", "-n"] + keptTags + personalTags.filter { !$0.hasPrefix("-IPTC") } + [url.path]
        )
        return url
    }

    /// A one-second video (`ffmpeg` test pattern, H.264 in MP4 or MPEG-4 in MOV) turned
    /// `rotation` degrees, with a location in QuickTime user data (`©xyz`) and in the metadata
    /// keys (`com.apple.quicktime.location.ISO6709`) and in 3GPP `loci` (a place name and its
    /// coordinates), written by exiftool, and ffmpeg's own `location` tag.
    static func video(in folder: StorageTemporaryDirectory, name: String, rotation: Int = 90) throws -> URL {
        let raw = folder.appending("\(name).raw.\(name.hasSuffix(".mov") ? "mov" : "mp4")")
        let codec = name.hasSuffix(".mov") ? ["-c:v", "mpeg4"] : ["-c:v", "libx264", "-preset", "ultrafast"]
        try PrivacyTools.run(
            "ffmpeg",
            [
                "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10:duration=1", "-f", "lavfi",
                "-i",
                "sine=frequency=440:sample_rate=8000:duration=1",
            ] + codec
                + [
                    "-c:a", "aac", "-metadata", "location=+48.8566+002.3522/", "-metadata:s:v:0", "rotate=\(rotation)",
                    "-y", raw.path,
                ])
        let url = folder.appending(name)
        try FileManager.default.copyItem(at: raw, to: url)
        try PrivacyTools.run(
            "exiftool",
            [
                "-q", "-overwrite_original", "-Keys:GPSCoordinates=48.8566 2.3522 35",
                "-UserData:GPSCoordinates=48.8566 2.3522 35", "-UserData:LocationInformation=\(videoPlace)",
                "-XMP-dc:Creator=Jane Doe", url.path,
            ])
        return url
    }
}
#endif
