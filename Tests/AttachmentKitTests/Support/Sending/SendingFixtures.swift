#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation

@testable import AttachmentKit

/// Files for the sending tests, made in a temporary folder by outside tools (ImageMagick and
/// exiftool, installed by `.ci/install-tools`), so that the composer is checked against what
/// another implementation wrote.
enum SendingFixtures {
    /// Runs a tool to its end, waiting on a thread of its own; throws when it fails.
    static func run(_ tool: String, _ arguments: [String]) async throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments: [tool] + arguments)
        let status = await offThePool { child.wait() }
        guard status == 0 else { throw ToolError.failed(tool, status) }
    }

    enum ToolError: Error { case failed(String, Int32) }

    /// A `width` × `height` JPEG with Exif orientation `exifOrientation` and, when
    /// `thumbnail` is set, an embedded Exif thumbnail of 160 × 120 written by exiftool.
    static func jpeg(
        in directory: StorageTemporaryDirectory, name: String, width: Int, height: Int, exifOrientation: Int,
        thumbnail: Bool
    ) async throws -> URL {
        let url = directory.appending(name)
        try await run("convert", ["-size", "\(width)x\(height)", "gradient:red-blue", "jpg:\(url.path)"])
        var tags = ["-overwrite_original", "-n", "-Orientation=\(exifOrientation)"]
        if thumbnail {
            let thumb = directory.appending("\(name).thumb.jpg")
            try await run("convert", ["-size", "160x120", "gradient:green-yellow", "jpg:\(thumb.path)"])
            tags.append("-ThumbnailImage<=\(thumb.path)")
        }
        try await run("exiftool", tags + [url.path])
        return url
    }

    /// A file of `count` pseudo-random bytes (seeded), written in pieces.
    static func randomFile(in directory: StorageTemporaryDirectory, name: String, count: Int, seed: UInt64) throws
        -> URL
    {
        let url = directory.appending(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var generator = SplitMix64(seed: seed)
        var remaining = count
        while remaining > 0 {
            let piece = min(remaining, 1 << 20)
            var bytes = [UInt8](repeating: 0, count: piece)
            for index in stride(from: 0, to: piece, by: 8) {
                let value = generator.next()
                for shift in 0..<min(8, piece - index) {
                    bytes[index + shift] = UInt8(truncatingIfNeeded: value >> (8 * shift))
                }
            }
            handle.write(Data(bytes))
            remaining -= piece
        }
        return url
    }
}
#endif
