import Foundation

#if os(macOS) || os(Linux)
/// What `ffprobe` and `exiftool` read from an ISO media file: the values the inspector must
/// agree with.
struct ISOMediaOracle {
    /// One stream as `ffprobe` reports it.
    struct Stream {
        let kind: String
        let codecTag: String
        let width: Int?
        let height: Int?
        /// `ffprobe`'s display-matrix rotation: anticlockwise degrees, so `-90` is a quarter
        /// turn clockwise.
        let rotation: Int?
    }

    let formatDuration: Double?
    let streams: [Stream]
    /// `exiftool`'s `Rotation` (clockwise degrees).
    let exiftoolRotation: Int?
    /// `exiftool`'s `MediaDuration` of each track (`mdhd`), in track order.
    let mediaDurations: [Double]
    let majorBrand: String?
    let compatibleBrands: [String]
    /// Whether `ffprobe -v trace` met the top-level `moov` before any `mdat`.
    let moovBeforeMdat: Bool

    init(_ url: URL) async throws {
        let probe = try await ISOMediaCorpus.run(
            "ffprobe",
            [
                "-v", "error", "-show_entries",
                "format=duration:stream=codec_type,codec_tag_string,width,height:stream_side_data=rotation",
                "-of", "json", url.path,
            ])
        let json = try JSONSerialization.jsonObject(with: probe) as? [String: Any] ?? [:]
        formatDuration = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        streams = (json["streams"] as? [[String: Any]] ?? []).map { stream in
            let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
            return Stream(
                kind: stream["codec_type"] as? String ?? "", codecTag: stream["codec_tag_string"] as? String ?? "",
                width: stream["width"] as? Int, height: stream["height"] as? Int,
                rotation: sideData.compactMap { $0["rotation"] as? Int }.first)
        }
        let exif = try await ISOMediaCorpus.run(
            "exiftool",
            ["-n", "-a", "-G1", "-j", "-MediaDuration", "-Rotation", "-MajorBrand", "-CompatibleBrands", url.path])
        let tags = (try JSONSerialization.jsonObject(with: exif) as? [[String: Any]])?.first ?? [:]
        exiftoolRotation = tags["Composite:Rotation"] as? Int
        mediaDurations = (1...16).compactMap {
            tags["Track\($0):MediaDuration"] as? Double ?? (tags["Track\($0):MediaDuration"] as? Int).map(Double.init)
        }
        let brandTag = tags.first { $0.key.hasSuffix(":MajorBrand") }?.value as? String
        majorBrand = brandTag
        let compatible = tags.first { $0.key.hasSuffix(":CompatibleBrands") }?.value
        compatibleBrands = (compatible as? [String]) ?? (compatible as? String).map { [$0] } ?? []
        let trace = try await ISOMediaCorpus.run(
            "sh", ["-c", "ffprobe -v trace \"$0\" 2>&1 | grep \"parent:'root'\"", url.path])
        let lines = String(decoding: trace, as: UTF8.self).split(separator: "\n")
        let moov = lines.firstIndex { $0.contains("type:'moov'") }
        let mdat = lines.firstIndex { $0.contains("type:'mdat'") }
        moovBeforeMdat = moov.map { moov in mdat.map { moov < $0 } ?? true } ?? false
    }
}
#endif
