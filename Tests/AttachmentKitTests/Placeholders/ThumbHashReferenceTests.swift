#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Testing

@testable import AttachmentKit

/// ThumbHash decoding against the PyPI reference (``PlaceholderOracle``, corrected to the
/// published algorithm's size), on hashes the reference encoded from generated images and on
/// random well-formed hashes.
@Suite("ThumbHash against the reference", .inTurn)
struct ThumbHashReferenceTests {
    @Test("hashes the reference made from generated images decode to its size, within 1 per channel")
    func referenceHashes() throws {
        let images = PlaceholderTestImages.all
        let hashes = try PlaceholderOracle.run(
            images.map { .thumbHashEncode(width: $0.width, height: $0.height, rgba: $0.rgba) }
        ).map(\.thumbHash)
        try compare(hashes, names: images.map(\.name), longestSide: 32)
    }

    @Test("random well-formed hashes, opaque and with alpha, at three sizes, match the reference within 1")
    func randomHashes() throws {
        var random = SeededRandom(seed: 24)
        let hashes = (0..<60).map { _ in Self.randomHash(&random) }
        for side in [32, 9, 57] {
            try compare(hashes, names: hashes.map { "\($0)" }, longestSide: side)
        }
    }

    @Test("the smallest and odd sizes, where a row's mirrored columns meet, match the reference within 1")
    func smallAndOddSizes() throws {
        var random = SeededRandom(seed: 11)
        let hashes = (0..<20).map { _ in Self.randomHash(&random) }
        for side in [1, 2, 3, 5, 8] {
            try compare(hashes, names: hashes.map { "\($0)" }, longestSide: side)
        }
    }

    @Test("the ratio and the size are coarse: 4:1 reads 3.5, 100:1 reads 7, and the size follows")
    func coarseRatio() throws {
        let wide = PlaceholderTestImages.patterns(width: 100, height: 25)[0]
        let line = PlaceholderTestImages.patterns(width: 100, height: 1)[0]
        let answers = try PlaceholderOracle.run([
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

    private func compare(_ hashes: [[UInt8]], names: [String], longestSide: Int) throws {
        let answers = try PlaceholderOracle.run(hashes.map { .thumbHashDecode(bytes: $0, longestSide: longestSide) })
        for (index, answer) in answers.enumerated() {
            let image = try ThumbHash(bytes: hashes[index]).image(longestSide: longestSide)
            #expect(image.width == answer.width && image.height == answer.height, "\(names[index])")
            let difference = PlaceholderTestImages.largestDifference(image.rgba, answer.rgba)
            #expect(difference <= 1, "\(names[index]) at \(longestSide): off by \(difference)")
        }
    }

    /// A hash with random fields and coefficients, its length the one its header calls for.
    static func randomHash(_ random: inout SeededRandom) -> [UInt8] {
        let hasAlpha = Bool.random(using: &random)
        let longSide = hasAlpha ? 5 : 7
        let shortSide = Int.random(in: 1...longSide, using: &random)
        let landscape = Bool.random(using: &random)
        var header24 = Int.random(in: 0..<(1 << 23), using: &random)
        if hasAlpha { header24 |= 1 << 23 }
        let header16 = shortSide | Int.random(in: 0..<(1 << 12), using: &random) << 3 | (landscape ? 1 << 15 : 0)
        var bytes: [UInt8] = [
            UInt8(header24 & 255), UInt8(header24 >> 8 & 255), UInt8(header24 >> 16), UInt8(header16 & 255),
            UInt8(header16 >> 8),
        ]
        while bytes.count < ThumbHash.maximumByteCount { bytes.append(UInt8.random(in: 0...255, using: &random)) }
        do {
            _ = try ThumbHash(bytes: bytes)
        } catch {
            guard case .wrongLength(_, let expected) = error else { preconditionFailure("\(error)") }
            bytes = Array(bytes.prefix(expected))
        }
        return bytes
    }
}
#endif
