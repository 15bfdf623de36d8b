import Foundation

#if os(macOS) || os(Linux)
/// What outside implementations read from an animated image: the values the inspector must agree
/// with. Pillow reads every format (`n_frames`, `info["loop"]`, each frame's
/// `info["duration"]` in milliseconds, `info["default_image"]`); `gifsicle --info` reads GIFs,
/// `webpmux -info` WebPs, and ImageMagick's `identify` GIFs and WebPs (ImageMagick 6 reads only
/// an APNG's default image).
struct AnimationOracle {
    /// What one tool read: the frames, the loop count as stored (`nil` when none is stored) and
    /// each frame's delay in milliseconds, `nil` where the tool does not say.
    struct Reading {
        var frameCount: Int
        var loop: Int?
        var delays: [Double]?
    }

    let pillow: Reading
    /// Whether Pillow counted an APNG default image as its first frame.
    let pillowCountsDefaultImage: Bool
    /// The readings of `gifsicle`, `webpmux` and `identify` that apply to the format, by tool.
    let tools: [String: Reading]

    /// Pillow's reading of every file in `urls`, in one `python3` run.
    static func pillowReadings(_ urls: [URL]) async throws -> [(Reading, countsDefaultImage: Bool)] {
        let outcome = try await ExternalTool.run("python3", ["-c", pillowScript] + urls.map(\.path))
        guard outcome.status == 0 else { throw AnimationCorpus.CorpusError.failed("Pillow: \(outcome.errorText)") }
        let list = try JSONSerialization.jsonObject(with: outcome.output) as? [[String: Any]] ?? []
        return list.map { item in
            let reading = Reading(
                frameCount: item["n"] as? Int ?? 0, loop: item["loop"] as? Int,
                delays: (item["d"] as? [Any])?.map { ($0 as? Double) ?? Double($0 as? Int ?? 0) })
            return (reading, item["default"] as? Bool ?? false)
        }
    }

    init(_ url: URL, pillow: (Reading, countsDefaultImage: Bool)) async throws {
        self.pillow = pillow.0
        pillowCountsDefaultImage = pillow.countsDefaultImage
        var tools: [String: Reading] = [:]
        switch url.pathExtension {
        case "gif":
            tools["gifsicle"] = Self.gifsicle(try await Self.text("gifsicle", ["--info", url.path]))
            tools["identify"] = try await Self.identify(url, ticksPerSecond: 100)
        case "webp":
            tools["webpmux"] = Self.webpmux(try await Self.text("webpmux", ["-info", url.path]))
            tools["identify"] = try await Self.identify(url, ticksPerSecond: 100)
        default:
            break
        }
        self.tools = tools
    }

    private static func text(_ tool: String, _ arguments: [String]) async throws -> String {
        let outcome = try await ExternalTool.run(tool, arguments)
        guard outcome.status == 0 else { throw AnimationCorpus.CorpusError.failed("\(tool): \(outcome.errorText)") }
        return String(decoding: outcome.output, as: UTF8.self)
    }

    /// `* x.gif 3 images`, `loop forever` or `loop count N`, and `delay 0.07s` under each image
    /// that has one.
    private static func gifsicle(_ text: String) -> Reading {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let count = lines.first.flatMap { $0.split(separator: " ").dropFirst(2).first }.flatMap { Int($0) } ?? 0
        var loop: Int?
        var delays: [Double] = []
        for line in lines {
            if line == "loop forever" { loop = 0 }
            if line.hasPrefix("loop count ") { loop = Int(line.dropFirst("loop count ".count)) }
            if line.hasPrefix("+ image #") { delays.append(0) }
            if let range = line.range(of: "delay "), let seconds = Double(line[range.upperBound...].dropLast()) {
                delays[delays.count - 1] = seconds * 1000
            }
        }
        return Reading(frameCount: count, loop: loop, delays: delays)
    }

    /// `Loop Count : N`, `Number of frames: N` and the frame table's `duration` column; a still
    /// WebP has neither line and one frame.
    private static func webpmux(_ text: String) -> Reading {
        var reading = Reading(frameCount: 1, loop: nil, delays: nil)
        var durationColumn: Int?
        for line in text.split(separator: "\n") {
            if let range = line.range(of: "Loop Count : ") {
                reading.loop = Int(line[range.upperBound...].prefix { $0.isNumber })
            }
            if line.hasPrefix("Number of frames: ") {
                reading.frameCount = Int(line.dropFirst("Number of frames: ".count)) ?? 0
                reading.delays = []
            }
            let fields = line.split(separator: " ")
            if line.hasPrefix("No.:") { durationColumn = fields.firstIndex(of: "duration") }
            if let durationColumn, fields.first?.hasSuffix(":") == true, fields.first != "No.:",
                fields.count > durationColumn, let value = Double(fields[durationColumn])
            {
                reading.delays?.append(value)
            }
        }
        return reading
    }

    /// `identify -format "%n %T\n"`: one line per frame, the frame count and its delay in ticks.
    private static func identify(_ url: URL, ticksPerSecond: Double) async throws -> Reading {
        let lines = try await text("identify", ["-format", "%n %T\\n", url.path]).split(separator: "\n")
        let fields = lines.map { $0.split(separator: " ").compactMap { Double($0) } }
        let delays = fields.compactMap { $0.count == 2 ? $0[1] * 1000 / ticksPerSecond : nil }
        return Reading(frameCount: Int(fields.first?.first ?? 0), loop: nil, delays: delays)
    }

    private static let pillowScript = """
        import json, sys
        from PIL import Image
        out = []
        for path in sys.argv[1:]:
            im = Image.open(path)
            loop = im.info.get("loop")
            n = getattr(im, "n_frames", 1)
            delays = []
            for i in range(n):
                im.seek(i)
                im.load()
                delays.append(im.info.get("duration") or 0)
            out.append({"n": n, "loop": loop, "d": delays,
                        "default": bool(im.info.get("default_image"))})
        json.dump(out, sys.stdout)
        """
}
#endif
