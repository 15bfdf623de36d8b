#if os(macOS) || os(Linux)
// Spawns processes (exiftool, ImageMagick, cwebp, heif-enc, ffmpeg): macOS and Linux only.
import Foundation

/// The outside tools the privacy tests make fixtures with and read results with, each installed
/// by `.ci/install-tools`; a suite that needs one skips with a message when it is missing.
enum PrivacyTools {
    enum ToolError: Error, CustomStringConvertible {
        case failed(String, [String], status: Int32, error: String)
        var description: String {
            switch self {
            case .failed(let tool, let arguments, let status, let error):
                "\(tool) \(arguments.joined(separator: " ")) exited \(status): \(error)"
            }
        }
    }

    /// Whether every tool in `names` is on `PATH`.
    static func areInstalled(_ names: String...) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return names.allSatisfy { name in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
    }

    /// Runs `tool` and returns what it printed; throws when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let outcome = try ExternalTool.runHere(tool, arguments, input: Data())
        guard outcome.status == 0 else {
            throw ToolError.failed(tool, arguments, status: outcome.status, error: outcome.errorText)
        }
        return outcome.output
    }

    /// Every tag exiftool reads from `url` (`-a -G1 -n -ee`), keyed `Group:Name`.
    static func tags(_ url: URL) throws -> [String: Any] {
        let json = try run("exiftool", ["-j", "-a", "-G1", "-s", "-n", "-ee", "-api", "LargeFileSupport=1", url.path])
        let objects = try JSONSerialization.jsonObject(with: json) as? [[String: Any]]
        return objects?.first ?? [:]
    }

    /// The warnings `exiftool -validate` gives for `url`.
    static func validationWarnings(_ url: URL) throws -> Set<String> {
        let text = String(
            decoding: try run("exiftool", ["-validate", "-warning", "-a", "-s3", url.path]), as: UTF8.self)
        return Set(
            text.split(separator: "\n").map(String.init).filter {
                !$0.hasSuffix("Warnings") && !$0.hasSuffix("Warning") && $0 != "OK"
            })
    }

    /// What exiftool extracts as `tag` (`-b`): an ICC profile's or a thumbnail's bytes.
    static func binary(_ tag: String, of url: URL) throws -> Data {
        try run("exiftool", ["-b", "-\(tag)", url.path])
    }

    /// ImageMagick's signature of the decoded pixels of `url` (`identify -format %#`).
    static func pixelSignature(_ url: URL) throws -> String {
        String(decoding: try run("identify", ["-format", "%#\n", url.path]), as: UTF8.self)
    }

    /// The MD5 of every packet of every stream of a video (`ffmpeg -c copy -f md5`).
    static func packetDigest(_ url: URL) throws -> String {
        String(
            decoding: try run(
                "ffmpeg", ["-v", "error", "-nostdin", "-i", url.path, "-map", "0", "-c", "copy", "-f", "md5", "-"]),
            as: UTF8.self)
    }

    /// The tags ffprobe reads in a video's container and streams (`location`, `creation_time`…),
    /// keyed by name.
    static func ffprobeTags(_ url: URL) throws -> [String: String] {
        let json = try run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "json", url.path])
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let format = (object?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        let streams = (object?["streams"] as? [[String: Any]] ?? []).compactMap { $0["tags"] as? [String: String] }
        return streams.reduce(format) { $0.merging($1) { first, _ in first } }
    }

    /// The tags of `tags` that name personal metadata the default policy removes: GPS, XMP,
    /// IPTC, Photoshop, MakerNotes, identifying fields, a video's location.
    static func personalTags(_ tags: [String: Any]) -> [String] {
        let identifying = [
            "SerialNumber", "LensSerialNumber", "OwnerName", "Artist", "UserComment", "ImageUniqueID", "XPAuthor",
            "Creator", "By-line", "CameraSerialNumber", "InternalSerialNumber",
        ]
        return tags.keys.filter { key in
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            let (group, name) = (parts[0], parts[1])
            return group == "GPS" || group.hasPrefix("XMP") || group == "IPTC" || group == "Photoshop"
                || group.hasPrefix("MakerNotes") || name.hasPrefix("MakerNote") || name.hasPrefix("GPS")
                || name == "GPSCoordinates"
                || identifying.contains(name) || name.hasSuffix("Location") || name == "LocationInformation"
        }.sorted()
    }
}
#endif
