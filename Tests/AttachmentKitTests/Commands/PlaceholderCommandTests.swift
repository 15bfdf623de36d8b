#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import AttachmentKit
import AttachmentKitCommands
import Foundation
import Testing

/// `attachmentkit placeholder` writes PNGs that Pillow (CRCs verified, zlib inflated) and
/// ImageMagick read back to the decoded pixels; `inspect --scans` lists a JPEG's scan ends.
@Suite("attachmentkit placeholder and inspect --scans", SuiteTimeLimit.minutes(5), .inTurn)
struct PlaceholderCommandTests {
    /// Pillow's reading of a PNG: `verify()` checks every chunk's CRC, then the pixels as hex.
    private static let pillow = """
        import sys
        from PIL import Image
        Image.open(sys.argv[1]).verify()
        image = Image.open(sys.argv[1])
        image.load()
        print(image.size[0], image.size[1], image.mode, image.tobytes().hex())
        """

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "BlurHash and ThumbHash PNGs, one large enough for several stored blocks, read back exactly")
    func pngs() async throws {
        let directory = try StorageTemporaryDirectory("png")
        let thumbHash = try ThumbHash(bytes: PlaceholderValidationTests.thumbHash)
        let cases: [([String], PlaceholderImage)] = [
            (["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj"], try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj").image()),
            (
                ["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "--size", "256x200"],
                try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj").image(width: 256, height: 200)
            ),
            (["--thumbhash", thumbHash.base64, "--size", "64x10"], try thumbHash.image(longestSide: 64)),
        ]
        for (index, (arguments, image)) in cases.enumerated() {
            let out = directory.appending("\(index).png").path
            let outcome = await AttachmentKitTool.run(["placeholder"] + arguments + ["--out", out])
            #expect(outcome.status == 0 && outcome.output == "wrote \(out): \(image.width) x \(image.height)\n")
            let read = try await ExternalTool.run("python3", ["-c", Self.pillow, out])
            #expect(read.status == 0, "\(read.errorText)")
            let hex = image.rgba.map { String(format: "%02x", $0) }.joined()
            #expect(String(decoding: read.output, as: UTF8.self) == "\(image.width) \(image.height) RGBA \(hex)\n")
            let identify = try await ExternalTool.run("identify", ["-format", "%w %h %m", out])
            #expect(identify.status == 0 && identify.errorOutput.isEmpty)
            #expect(String(decoding: identify.output, as: UTF8.self) == "\(image.width) \(image.height) PNG")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a bad hash, both hashes, no --out or a bad --size is refused with status 2")
    func refusals() async {
        let bad = await AttachmentKitTool.run(["placeholder", "--blurhash", "LEHV6", "--out", "/nonexistent/x.png"])
        #expect(
            bad.status == 2
                && bad.errorOutput == "attachmentkit: the BlurHash has 5 characters; at least 6 are needed\n")
        for arguments in [
            ["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "--thumbhash", "AAAA", "--out", "x.png"],
            ["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj"],
            ["--blurhash", "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "--size", "32", "--out", "x.png"],
        ] {
            let outcome = await AttachmentKitTool.run(["placeholder"] + arguments)
            #expect(outcome.status == 2 && outcome.output.isEmpty, "\(arguments)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "inspect --scans prints each scan end after the usual lines; a baseline file prints none")
    func scans() async throws {
        let directory = try StorageTemporaryDirectory("scans")
        let progressive = directory.appending("p.jpg")
        let baseline = directory.appending("b.jpg")
        let file = try await ProgressiveJPEGFiles.cjpeg(["-progressive"])
        try file.write(to: progressive)
        try await ProgressiveJPEGFiles.cjpeg([]).write(to: baseline)
        let outcome = await AttachmentKitTool.run(["inspect", progressive.path, baseline.path, "--scans"])
        #expect(outcome.status == 0)
        let ends = JPEGScanIndex(file).displayablePrefixLengths
        let expected = ends.map { "  scan ends: \($0)\n" }.joined()
        #expect(outcome.output.contains("  bytes read: ") && outcome.output.contains(expected))
        #expect(outcome.output.components(separatedBy: "scan ends").count - 1 == ends.count)
        #expect(ends.count == 10)
    }
}
#endif
