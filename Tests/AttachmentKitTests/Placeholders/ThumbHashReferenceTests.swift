#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Testing

@testable import AttachmentKit

/// ThumbHash decoding against the PyPI reference (``PlaceholderOracle``, corrected to the
/// published algorithm's size), on hashes the reference encoded from generated images and on
/// random well-formed hashes.
@Suite("ThumbHash against the reference", SuiteTimeLimit.minutes(5), .inTurn)
struct ThumbHashReferenceTests {
    @Test("hashes the reference made from generated images decode to its size, within 1 per channel")
    func referenceHashes() async throws {
        let images = PlaceholderTestImages.all
        let hashes = try await PlaceholderOracle.run(
            images.map { .thumbHashEncode(width: $0.width, height: $0.height, rgba: $0.rgba) }
        ).map(\.thumbHash)
        try await compare(hashes, names: images.map(\.name), longestSide: 32)
    }

    @Test("random well-formed hashes, opaque and with alpha, at three sizes, match the reference within 1")
    func randomHashes() async throws {
        var random = SeededRandom(seed: 24)
        let hashes = (0..<60).map { _ in RandomPlaceholderHashes.thumbHash(&random) }
        for side in [32, 9, 57] {
            try await compare(hashes, names: hashes.map { "\($0)" }, longestSide: side)
        }
    }

    @Test("the smallest and odd sizes, where a row's mirrored columns meet, match the reference within 1")
    func smallAndOddSizes() async throws {
        var random = SeededRandom(seed: 11)
        let hashes = (0..<20).map { _ in RandomPlaceholderHashes.thumbHash(&random) }
        for side in [1, 2, 3, 5, 8] {
            try await compare(hashes, names: hashes.map { "\($0)" }, longestSide: side)
        }
    }

    @Test("the ratio and the size are coarse: 4:1 reads 3.5, 100:1 reads 7, and the size follows")
    func coarseRatio() async throws {
        let wide = PlaceholderTestImages.patterns(width: 100, height: 25)[0]
        let line = PlaceholderTestImages.patterns(width: 100, height: 1)[0]
        let answers = try await PlaceholderOracle.run([
            .thumbHashEncode(width: wide.width, height: wide.height, rgba: wide.rgba),
            .thumbHashEncode(width: line.width, height: line.height, rgba: line.rgba),
        ])
        let fourToOne = try ThumbHash(bytes: answers[0].thumbHash)
        let hundredToOne = try ThumbHash(bytes: answers[1].thumbHash)
        #expect(fourToOne.approximateAspectRatio == 3.5)
        #expect(hundredToOne.approximateAspectRatio == 7)
        #expect(try fourToOne.image().width == 32 && fourToOne.image().height == 9)
        #expect(try hundredToOne.image().height == 5)
        #expect(try fourToOne.image().approximateAspectRatio == 3.5)
    }

    private func compare(_ hashes: [[UInt8]], names: [String], longestSide: Int) async throws {
        let answers = try await PlaceholderOracle.run(
            hashes.map { .thumbHashDecode(bytes: $0, longestSide: longestSide) })
        for (index, answer) in answers.enumerated() {
            let image = try ThumbHash(bytes: hashes[index]).image(longestSide: longestSide)
            #expect(image.width == answer.width && image.height == answer.height, "\(names[index])")
            let difference = PlaceholderTestImages.largestDifference(image.rgba, answer.rgba)
            #expect(difference <= 1, "\(names[index]) at \(longestSide): off by \(difference)")
        }
    }
}
#endif
