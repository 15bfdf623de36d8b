#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Testing

@testable import AttachmentKit

/// Every public output of the placeholder decoders beside the pixels, against the PyPI references
/// (``PlaceholderOracle``): ThumbHash's average colour (the published `thumbHashToAverageRGBA`),
/// alpha and aspect ratio, and BlurHash's component counts, average colour (its DC term) and
/// `punch` (the reference's `decode(…, punch=)`). Solid colours average to themselves.
@Suite("Placeholder outputs against the references", SuiteTimeLimit.minutes(2), .inTurn)
struct PlaceholderOutputsTests {
    /// A solid `width` × `height` image of one RGBA colour.
    private static func solid(_ color: [UInt8], width: Int = 16, height: Int = 12) -> [UInt8] {
        Array((0..<width * height).map { _ in color }.joined())
    }

    private static let colors: [[UInt8]] = [
        [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255], [0, 0, 0, 255],
        [128, 128, 128, 255], [255, 128, 0, 128],
    ]

    private static func expectClose(
        _ color: PlaceholderImage.Color, _ expected: [Double], within tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ours = [color.red, color.green, color.blue, color.alpha]
        for (channel, (mine, theirs)) in zip(ours, expected).enumerated() {
            #expect(
                abs(mine - theirs) <= tolerance, "channel \(channel): \(ours) vs \(expected)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("ThumbHash: a solid colour averages to itself, encoded here or by the reference; solid red is (1, 0, 0)")
    func thumbHashSolidColors() async throws {
        let answers = try await PlaceholderOracle.run(
            Self.colors.map { .thumbHashEncode(width: 16, height: 12, rgba: Self.solid($0)) })
        for (color, answer) in zip(Self.colors, answers) {
            let expected = color.map { Double($0) / 255 }
            let ours = try ThumbHash(encoding: Self.solid(color), width: 16, height: 12)
            // The constants have 6 bits (4 for alpha): within 1/15 of the colour.
            Self.expectClose(ours.averageColor, expected, within: 1.0 / 15)
            Self.expectClose(try ThumbHash(bytes: answer.thumbHash).averageColor, expected, within: 1.0 / 15)
            #expect(try ours.image().averageColor == ours.averageColor)
        }
    }

    @Test("ThumbHash: average colour, alpha and aspect ratio equal the reference's on random hashes")
    func thumbHashHeaders() async throws {
        var random = SeededRandom(seed: 39)
        let hashes = (0..<200).map { _ in RandomPlaceholderHashes.thumbHash(&random) }
        let answers = try await PlaceholderOracle.run(hashes.map { .thumbHashHeader(bytes: $0) })
        for (bytes, answer) in zip(hashes, answers) {
            let hash = try ThumbHash(bytes: bytes)
            Self.expectClose(hash.averageColor, answer.average, within: 1e-9)
            #expect(hash.hasAlpha == answer.hasAlpha, "\(bytes)")
            #expect(hash.approximateAspectRatio == answer.aspectRatio, "\(bytes)")
            let image = try hash.image()
            #expect(image.averageColor == hash.averageColor)
            #expect(image.approximateAspectRatio == hash.approximateAspectRatio)
            #expect(image.rgba.count == image.bytesPerRow * image.height && image.bytesPerRow == 4 * image.width)
            #expect(image.pixel(x: image.width - 1, y: image.height - 1) == Array(image.rgba.suffix(4)))
            #expect(image.pixel(x: image.width, y: 0) == nil)
        }
    }

    @Test("BlurHash: a solid colour averages to itself; component counts and DC equal the reference's")
    func blurHashHeaders() async throws {
        let encoded = try await PlaceholderOracle.run(
            Self.colors.map {
                .blurHashEncode(width: 16, height: 12, rgba: Self.solid($0), componentsX: 4, componentsY: 3)
            }
        ).map(\.blurHash)
        var random = SeededRandom(seed: 52)
        let hashes = encoded + (0..<81).map { RandomPlaceholderHashes.blurHash(components: $0, &random) }
        let answers = try await PlaceholderOracle.run(hashes.map { .blurHashHeader($0) })
        for (index, (string, answer)) in zip(hashes, answers).enumerated() {
            let hash = try BlurHash(string)
            #expect(hash.componentsX == answer.components.x && hash.componentsY == answer.components.y, "\(string)")
            Self.expectClose(hash.averageColor, answer.average.map { $0 / 255 } + [1], within: 1e-9)
            #expect(try hash.image(width: 8, height: 6).averageColor == hash.averageColor)
            guard index < Self.colors.count else { continue }
            // BlurHash is opaque: the colour's own channels, alpha 1.
            Self.expectClose(hash.averageColor, Self.colors[index].prefix(3).map { Double($0) / 255 } + [1], within: 0)
        }
    }

    @Test(
        "BlurHash punch: the decode matches the reference's at each punch, and changes the picture",
        arguments: [0.5, 2, 3.7])
    func blurHashPunch(_ punch: Double) async throws {
        var random = SeededRandom(seed: 61)
        let hashes =
            ["LEHV6nWB2yk8pyo0adR*.7kCMdnj"]
            + [8, 24, 80].map { RandomPlaceholderHashes.blurHash(components: $0, &random) }
        let answers = try await PlaceholderOracle.run(
            hashes.map { .blurHashDecode($0, width: 20, height: 15, punch: punch) })
        for (string, answer) in zip(hashes, answers) {
            let hash = try BlurHash(string)
            let punched = try hash.image(width: 20, height: 15, punch: punch)
            let difference = PlaceholderTestImages.largestDifference(punched.rgba, answer.rgba)
            #expect(difference <= 1, "\(string) punch \(punch): off by \(difference)")
            let plain = try hash.image(width: 20, height: 15)
            #expect(
                PlaceholderTestImages.largestDifference(punched.rgba, plain.rgba) > 2,
                "\(string): punch \(punch) changes nothing")
            #expect(punched.averageColor == plain.averageColor, "punch scales the AC terms only")
        }
    }
}
#endif
