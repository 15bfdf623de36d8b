#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation

/// JPEG files made at test time by libjpeg-turbo's `cjpeg` and `jpegtran` (and `exiftool`),
/// from a generated noisy gradient, and `djpeg` as the decoder that judges a prefix.
enum ProgressiveJPEGFiles {
    enum ToolError: Error { case failed(String, String) }

    /// A `width` × `height` PPM: a gradient with seeded noise, so the entropy-coded data holds
    /// many `FF 00` pairs.
    static func ppm(width: Int, height: Int, seed: UInt64 = 7) -> Data {
        var random = SeededRandom(seed: seed)
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width {
                let noise = Int.random(in: 0..<48, using: &random)
                data.append(contentsOf: [
                    UInt8(clamping: x * 255 / width + noise - 24), UInt8(clamping: y * 255 / height + noise - 24),
                    UInt8(clamping: 128 + noise),
                ])
            }
        }
        return data
    }

    /// `cjpeg` with `arguments` over a generated image.
    static func cjpeg(_ arguments: [String], width: Int = 96, height: Int = 64) async throws -> Data {
        try await tool("cjpeg", arguments, input: ppm(width: width, height: height))
    }

    /// `jpegtran` with `arguments`, and a scan script as `-scans` when given.
    static func jpegtran(_ arguments: [String], scans: String? = nil, input: Data) async throws -> Data {
        let directory = try StorageTemporaryDirectory("scans")
        var all = arguments
        if let scans {
            let script = directory.appending("scans.txt")
            try Data(scans.utf8).write(to: script)
            all += ["-scans", script.path]
        }
        return try await tool("jpegtran", all, input: input)
    }

    /// `file` with a baseline JPEG thumbnail in an Exif APP1 segment, written by `exiftool`.
    static func withExifThumbnail(_ file: Data) async throws -> Data {
        let directory = try StorageTemporaryDirectory("thumb")
        let image = directory.appending("image.jpg")
        let thumbnail = directory.appending("thumb.jpg")
        try file.write(to: image)
        try await cjpeg(["-quality", "70"], width: 40, height: 30).write(to: thumbnail)
        let outcome = try await ExternalTool.run(
            "exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail.path)", image.path])
        guard outcome.status == 0 else { throw ToolError.failed("exiftool", outcome.errorText) }
        return try Data(contentsOf: image)
    }

    /// What `djpeg` says of `file`: its exit status and standard error.
    static func djpeg(_ file: Data) async throws -> ExternalTool.Outcome {
        try await ExternalTool.run("djpeg", ["-outfile", "/dev/null"], input: file)
    }

    /// The scans libjpeg reads in `file` (its trace of each SOS marker): a count made apart
    /// from the index.
    static func libjpegScanCount(_ file: Data) async throws -> Int {
        let outcome = try await ExternalTool.run(
            "djpeg", ["-verbose", "-verbose", "-outfile", "/dev/null"], input: file)
        return outcome.errorText.components(separatedBy: "Start Of Scan").count - 1
    }

    private static func tool(_ name: String, _ arguments: [String], input: Data) async throws -> Data {
        let outcome = try await ExternalTool.run(name, arguments, input: input)
        guard outcome.status == 0 else { throw ToolError.failed(name, outcome.errorText) }
        return outcome.output
    }
}
#endif
