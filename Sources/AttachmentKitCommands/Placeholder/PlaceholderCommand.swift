import AttachmentKit
import Foundation

/// `attachmentkit placeholder --thumbhash BASE64 | --blurhash STRING [--size WxH] --out FILE.png`:
/// decodes a placeholder hash and writes it as a PNG.
///
/// The size of a BlurHash is `--size` (32 × 32 by default). A ThumbHash keeps its own
/// approximate aspect ratio: `--size` gives its longest side (the larger of W and H; 32 by default).
enum PlaceholderCommand {
    /// Removes every option the command accepts from `arguments`.
    static func popOptions(
        from arguments: inout ArgumentList
    ) throws(CommandError) -> (thumbHash: String?, blurHash: String?, size: String?, out: String?) {
        let thumbHash = try arguments.popValue(of: "--thumbhash")
        let blurHash = try arguments.popValue(of: "--blurhash")
        let sizeText = try arguments.popValue(of: "--size")
        return (thumbHash, blurHash, sizeText, try arguments.popValue(of: "--out"))
    }

    static func run(_ arguments: inout ArgumentList) throws(CommandError) -> AttachmentKitTool.Outcome {
        let (thumbHash, blurHash, sizeText, out) = try popOptions(from: &arguments)
        guard let out else { throw .usage("placeholder needs --out FILE.png") }
        let extra = try arguments.popPositionals()
        guard extra.isEmpty else {
            throw .usage("placeholder takes no file but --out: \(extra.joined(separator: " "))")
        }
        let size = try sizeText.map { text throws(CommandError) in try Self.size(text) }
        guard (thumbHash == nil) != (blurHash == nil) else {
            throw .usage("placeholder needs one of --thumbhash BASE64 and --blurhash STRING")
        }
        let image: PlaceholderImage
        do {
            if let thumbHash {
                image = try ThumbHash(base64: thumbHash).image(longestSide: size.map { max($0.0, $0.1) } ?? 32)
            } else {
                image = try BlurHash(blurHash ?? "").image(width: size?.0 ?? 32, height: size?.1 ?? 32)
            }
        } catch {
            return AttachmentKitTool.Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(error)\n")
        }
        do {
            try PNGWriter.png(width: image.width, height: image.height, rgba: image.rgba)
                .write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            return AttachmentKitTool.Outcome(status: 2, output: "", errorOutput: "attachmentkit: \(out): \(error)\n")
        }
        return AttachmentKitTool.Outcome(
            status: 0, output: "wrote \(out): \(image.width) x \(image.height)\n", errorOutput: "")
    }

    private static func size(_ text: String) throws(CommandError) -> (Int, Int) {
        let fields = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count == 2, let width = fields[0], let height = fields[1] else {
            throw .usage("--size \(text): expected WxH, such as 32x24")
        }
        return (width, height)
    }
}
