import Foundation

#if os(macOS) || os(Linux)
/// Animated GIFs, APNGs and WebPs made once per test run by outside encoders, in a temporary
/// directory: PyPI Pillow (`save_all` with chosen delays, loops, disposal, blending, alpha and
/// local colour tables), `gifsicle`, `img2webp`, `gif2webp` and `apngasm`. 1, 2, 100 and 1,000
/// frames; delays of 0, 1, 2, 10 and 100 cs (0 to 1,000 ms); loops 0, 1 and 5, and GIFs without
/// a looping extension. The frames are tiny, so the whole corpus is made in a few seconds.
final class AnimationCorpus: Sendable {
    enum CorpusError: Error { case failed(String) }

    let directory: StorageTemporaryDirectory
    /// The files made, by name (the name says how).
    let names: [String]

    /// The corpus of this test run, made on first use; every caller waits for the one making,
    /// whose tools run off the concurrency pool (``ExternalTool``).
    static func shared() async throws -> AnimationCorpus { try await made.value }
    private static let made = Task { try await AnimationCorpus.make() }

    private init(directory: StorageTemporaryDirectory, names: [String]) {
        self.directory = directory
        self.names = names
    }

    private static func make() async throws -> AnimationCorpus {
        let directory = try StorageTemporaryDirectory("animation-corpus")
        let outcome = try await ExternalTool.run("python3", ["-c", pillowScript, directory.url.path])
        guard outcome.status == 0 else { throw CorpusError.failed("Pillow: \(outcome.errorText)") }
        var names = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init)
        let path = directory.url.path
        let tools: [(String, [String], String)] = [
            (
                "gifsicle", ["--loopcount=5", "--delay=7", "\(path)/pillow-gif-100f-loop0.gif", "-o"],
                "gifsicle-loop5.gif"
            ),
            ("gifsicle", ["--no-loopcount", "\(path)/pillow-gif-100f-loop0.gif", "-o"], "gifsicle-noloop.gif"),
            ("gifsicle", ["--loopcount=forever", "-O2", "\(path)/pillow-gif-2f-loop5.gif", "-o"], "gifsicle-O2.gif"),
            (
                "img2webp",
                [
                    "-loop", "3", "-lossless", "-d", "1", "\(path)/frame-0.png", "-d", "10", "\(path)/frame-1.png",
                    "-lossy", "-d", "1000", "\(path)/frame-2.png", "-o",
                ],
                "img2webp-loop3.webp"
            ),
            ("gif2webp", ["-quiet", "\(path)/pillow-gif-100f-loop0.gif", "-o"], "gif2webp-100f.webp"),
            ("gif2webp", ["-quiet", "-mixed", "\(path)/pillow-gif-2f-loop5.gif", "-o"], "gif2webp-loop5.webp"),
            ("apngasm", [], "apngasm-loop5.png"),
            ("apngasm", ["-f"], "apngasm-skip-first.png"),
        ]
        for (tool, arguments, name) in tools {
            let output = "\(path)/\(name)"
            let fullArguments =
                tool == "apngasm"
                ? [output, "\(path)/frame-0.png", "3", "20", "-l5"] + arguments : arguments + [output]
            let run = try await ExternalTool.run(tool, fullArguments)
            guard run.status == 0, FileManager.default.fileExists(atPath: output) else {
                throw CorpusError.failed("\(tool) \(fullArguments): \(run.errorText)")
            }
            names.append(name)
        }
        return AnimationCorpus(directory: directory, names: names)
    }

    func url(_ name: String) -> URL { directory.appending(name) }

    /// Whether the encoders and readers are installed: python3 with Pillow, gifsicle, webp's
    /// tools, apngasm and ImageMagick.
    static func toolsPresent() async -> Bool {
        let tools = ["gifsicle", "img2webp", "gif2webp", "webpmux", "apngasm", "identify"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let onPath = tools.allSatisfy { tool in
            folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
        guard onPath else { return false }
        return (try? await ExternalTool.run("python3", ["-c", "import PIL"]).status) == 0
    }

    /// Writes the Pillow files and the frames the tools take (`frame-N.png`), printing each
    /// animation's name.
    private static let pillowScript = """
        import sys
        from PIL import Image
        out = sys.argv[1]
        def frames(n, size=(12, 8), alpha=False):
            mode = "RGBA" if alpha else "RGB"
            return [Image.new(mode, size, (i * 37 % 256, i * 11 % 256, 255 - i % 256, 60 + i % 2 * 195))
                    for i in range(n)]
        cycle = [0, 10, 20, 100, 1000]
        for i, image in enumerate(frames(6)):
            image.save(f"{out}/frame-{i}.png")
        def save(name, images, **options):
            images[0].save(f"{out}/{name}", save_all=True, append_images=images[1:], **options)
            print(name)
        for n in [1, 2, 100, 1000]:
            d = [cycle[i % 5] for i in range(n)]
            save(f"pillow-gif-{n}f-loop0.gif", frames(n), duration=d, loop=0)
            save(f"pillow-webp-{n}f-loop0.webp", frames(n), duration=d, loop=0, lossless=True)
            if n <= 100:
                save(f"pillow-apng-{n}f-loop0.png", frames(n), duration=d, loop=0)
        for loop in [1, 5]:
            save(f"pillow-gif-2f-loop{loop}.gif", frames(2), duration=[100, 200], loop=loop)
            save(f"pillow-apng-2f-loop{loop}.png", frames(2), duration=[100, 200], loop=loop)
            save(f"pillow-webp-2f-loop{loop}.webp", frames(2), duration=[100, 200], loop=loop)
        save("pillow-gif-3f-noloop.gif", frames(3), duration=[0, 10, 1000])
        save("pillow-gif-4f-alpha-dispose2.gif", frames(4, alpha=True), duration=70, loop=0, disposal=2)
        save("pillow-apng-3f-default-image.png", frames(3), duration=[500, 100, 200], loop=0, default_image=True)
        save("pillow-apng-4f-alpha-blend.png", frames(4, alpha=True), duration=[10, 20, 30, 40], loop=0,
             disposal=[0, 1, 2, 0], blend=[0, 1, 1, 0])
        save("pillow-webp-4f-alpha-lossy.webp", frames(4, alpha=True), duration=[1, 10, 11, 100], loop=0, quality=50)
        """
}
#endif
