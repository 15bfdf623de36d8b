#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Testing

@testable import AttachmentKit

/// BlurHash decoding against the PyPI `blurhash` package (a port of the Swift reference), on
/// hashes it encoded from generated images, on random well-formed hashes and on the vector
/// woltapp's own tests use.
@Suite("BlurHash against the reference", SuiteTimeLimit.minutes(5), .inTurn)
struct BlurHashReferenceTests {
    @Test("hashes the reference made from generated images decode within 1 per channel, at 32 × 32 and 20 × 45")
    func referenceHashes() async throws {
        let images =
            PlaceholderTestImages.patterns(width: 24, height: 16) + PlaceholderTestImages.patterns(width: 9, height: 30)
        let components = [(4, 3), (1, 1), (9, 9), (3, 7), (9, 1)]
        let requests = images.enumerated().map { index, image in
            let (x, y) = components[index % components.count]
            return PlaceholderOracle.Request.blurHashEncode(
                width: image.width, height: image.height, rgba: image.rgba, componentsX: x, componentsY: y)
        }
        let hashes = try await PlaceholderOracle.run(requests).map(\.blurHash)
        try await compare(hashes, width: 32, height: 32)
        try await compare(hashes, width: 20, height: 45)
    }

    @Test("random well-formed hashes of every component count match the reference within 1")
    func randomHashes() async throws {
        var random = SeededRandom(seed: 83)
        try await compare(
            (0..<81).map { RandomPlaceholderHashes.blurHash(components: $0, &random) }, width: 32, height: 32)
    }

    @Test("the smallest and odd sizes, where a row's mirrored columns meet, match the reference within 1")
    func smallAndOddSizes() async throws {
        var random = SeededRandom(seed: 17)
        let hashes = [0, 3, 8, 30, 80].map { RandomPlaceholderHashes.blurHash(components: $0, &random) }
        for (width, height) in [(1, 1), (2, 2), (3, 5), (7, 1), (1, 6), (33, 4)] {
            try await compare(hashes, width: width, height: height)
        }
    }

    @Test("woltapp's vector LEHV6nWB2yk8pyo0adR*.7kCMdnj is 4 × 3 and matches the reference")
    func woltappVector() async throws {
        let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(hash.componentsX == 4 && hash.componentsY == 3)
        try await compare([hash.string], width: 32, height: 32)
        #expect(try hash.image().averageColor == hash.averageColor)
    }

    private func compare(_ hashes: [String], width: Int, height: Int) async throws {
        let answers = try await PlaceholderOracle.run(hashes.map { .blurHashDecode($0, width: width, height: height) })
        for (hash, answer) in zip(hashes, answers) {
            let image = try BlurHash(hash).image(width: width, height: height)
            #expect(image.width == width && image.height == height && image.approximateAspectRatio == nil)
            let difference = PlaceholderTestImages.largestDifference(image.rgba, answer.rgba)
            #expect(difference <= 1, "\(hash) at \(width)x\(height): off by \(difference)")
        }
    }
}
#endif
