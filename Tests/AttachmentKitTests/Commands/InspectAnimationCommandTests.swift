import AttachmentKitCommands
import Foundation
import Testing

@Suite("attachmentkit inspect on animations", SuiteTimeLimit.minutes(2), .inTurn)
struct InspectAnimationCommandTests {
    private func write(_ data: Data, _ name: String, in folder: StorageTemporaryDirectory) throws -> String {
        let url = folder.appending(name)
        try data.write(to: url)
        return url.path
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("prints frames, the loop as stored and the duration of a GIF, an APNG and a WebP")
    func animations() async throws {
        let folder = try StorageTemporaryDirectory("inspect-animation")
        let cases: [(Data, String, [String])] = [
            (
                SyntheticImages.animatedGIF(delays: [0, 1, 2, 10, 100], loop: 0), "a.gif",
                ["frames: 5", "loop: infinite", "duration: 1.130 s", "displayed duration: 1.320 s"]
            ),
            (
                SyntheticImages.animatedGIF(delays: [7, 7], loop: nil), "b.gif",
                ["frames: 2", "loop: none", "duration: 0.140 s"]
            ),
            (
                SyntheticImages.apng(delays: [(1, 3), (1, 3), (1, 3)], plays: 5, defaultImage: true), "c.png",
                ["frames: 3", "loop: 5", "duration: 1.000 s"]
            ),
            (
                SyntheticImages.animatedWebP(durations: [40, 40, 40, 40], loop: 1), "d.webp",
                ["frames: 4", "loop: 1", "duration: 0.160 s", "pixels: 12288 (3072 x 4 frames), within"]
            ),
        ]
        for (data, name, lines) in cases {
            let outcome = await AttachmentKitTool.run(["inspect", try write(data, name, in: folder)])
            #expect(outcome.status == 0 && outcome.errorOutput.isEmpty, "\(name)")
            #expect(outcome.output.contains("  animated: yes\n"), "\(name)")
            for line in lines { #expect(outcome.output.contains("  \(line)"), "\(name): \(line)") }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("a still image prints no frames and no loop line; a walk cut short says at least")
    func stillAndCut() async throws {
        let folder = try StorageTemporaryDirectory("inspect-animation")
        let still = await AttachmentKitTool.run(["inspect", try ImagingFixtures.url("gif-still.gif").path])
        #expect(still.output.contains("  animated: no\n"))
        #expect(!still.output.contains("frames:") && !still.output.contains("loop:"))
        let whole = SyntheticImages.animatedGIF(delays: [5, 5, 5])
        let cut = await AttachmentKitTool.run([
            "inspect", try write(whole.prefix(whole.count - 3), "cut.gif", in: folder),
        ])
        #expect(
            cut.output.contains("  frames: at least 3 (the input or the read limit ended before the animation did)\n"))
        #expect(cut.output.contains("  duration: at least 0.150 s\n"))
    }
}
