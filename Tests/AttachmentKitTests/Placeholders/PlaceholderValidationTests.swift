#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

/// Every malformed hash is refused with the error that names its problem, and no input, however
/// damaged, crashes a decoder or decodes to anything but a valid image.
@Suite("Placeholder hash validation", .inTurn)
struct PlaceholderValidationTests {
    /// A valid opaque ThumbHash.
    static var thumbHash: [UInt8] {
        var random = SeededRandom(seed: 1)
        while true {
            let hash = RandomPlaceholderHashes.thumbHash(&random)
            if hash[2] & 0x80 == 0 { return hash }
        }
    }

    @Test("every truncation of valid ThumbHashes, opaque and with alpha, is refused by its length")
    func thumbHashTruncations() throws {
        var random = SeededRandom(seed: 5)
        for _ in 0..<40 {
            let hash = RandomPlaceholderHashes.thumbHash(&random)
            _ = try ThumbHash(bytes: hash)
            for length in 0..<hash.count {
                #expect(throws: ThumbHash.Error.self) { try ThumbHash(bytes: Array(hash.prefix(length))) }
                do {
                    _ = try ThumbHash(bytes: Array(hash.prefix(length)))
                } catch {
                    switch error {
                    case .tooShort, .wrongLength: break
                    default: Issue.record("\(hash.prefix(length)): \(error)")
                    }
                }
            }
            #expect(throws: ThumbHash.Error.wrongLength(byteCount: hash.count + 1, expected: hash.count)) {
                try ThumbHash(bytes: hash + [0])
            }
        }
    }

    @Test("ThumbHash header fields and base64 are checked")
    func thumbHashFields() throws {
        var zeroCount = Self.thumbHash
        zeroCount[3] &= 0xF8
        #expect(throws: ThumbHash.Error.invalidLuminanceCount(0, maximum: 7)) { try ThumbHash(bytes: zeroCount) }
        var alphaSix = [UInt8](repeating: 0, count: 25)
        alphaSix[2] = 0x80
        alphaSix[3] = 6
        #expect(throws: ThumbHash.Error.invalidLuminanceCount(6, maximum: 5)) { try ThumbHash(bytes: alphaSix) }
        #expect(throws: ThumbHash.Error.tooShort(byteCount: 5, minimum: 6)) {
            try ThumbHash(bytes: [0, 0, 0x80, 5, 0])
        }
        #expect(throws: ThumbHash.Error.notBase64("not base64!")) { try ThumbHash(base64: "not base64!") }
        #expect(throws: ThumbHash.Error.notBase64("")) { try ThumbHash(base64: "") }
        let long = String(repeating: "A", count: 200)
        #expect(throws: ThumbHash.Error.notBase64(String(long.prefix(64)))) { try ThumbHash(base64: long) }
        let hash = try ThumbHash(bytes: Self.thumbHash)
        #expect(try ThumbHash(base64: hash.base64) == hash)
        #expect(try ThumbHash(base64: hash.base64.replacingOccurrences(of: "=", with: "")) == hash)
        #expect(throws: ThumbHash.Error.sizeOutOfRange(0)) { try hash.image(longestSide: 0) }
        #expect(throws: ThumbHash.Error.sizeOutOfRange(257)) { try hash.image(longestSide: 257) }
        let largest = hash.size(longestSide: 256)
        #expect(max(largest.width, largest.height) == 256)
        #expect(try hash.image(longestSide: 256).rgba.count == largest.width * largest.height * 4)
    }

    @Test("every truncation of valid BlurHashes is refused by its length")
    func blurHashTruncations() throws {
        var random = SeededRandom(seed: 6)
        for components in [0, 3, 11, 80] {
            let hash = RandomPlaceholderHashes.blurHash(components: components, &random)
            _ = try BlurHash(hash)
            for length in 0..<hash.count {
                let prefix = String(hash.prefix(length))
                let expected: BlurHash.Error =
                    length < 6
                    ? .tooShort(characterCount: length) : .wrongLength(characterCount: length, expected: hash.count)
                #expect(throws: expected) { try BlurHash(prefix) }
            }
        }
    }

    @Test("BlurHash characters, component counts, term ranges and decode requests are checked")
    func blurHashFields() throws {
        let valid = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        #expect(throws: BlurHash.Error.invalidCharacter(offset: 5)) { try BlurHash("LEHV6\"WB2yk8pyo0adR*.7kCMdnj") }
        #expect(throws: BlurHash.Error.invalidCharacter(offset: 2)) { try BlurHash("LEéV6nWB2yk8pyo0adR*.7kCMdnj") }
        #expect(throws: BlurHash.Error.invalidComponentCount(81)) { try BlurHash("}" + valid.dropFirst()) }
        #expect(throws: BlurHash.Error.tooLong(characterCount: 167)) {
            try BlurHash(String(repeating: "0", count: 167))
        }
        #expect(throws: BlurHash.Error.constantOutOfRange(83 * 83 * 83 * 83 - 1)) { try BlurHash("00~~~~") }
        #expect(throws: BlurHash.Error.termOutOfRange(6888, index: 1)) { try BlurHash("100000~~") }
        #expect(throws: BlurHash.Error.termOutOfRange(6859, index: 1)) { try BlurHash("100000~r") }
        #expect(try BlurHash("100000~q").componentsX == 2)
        let hash = try BlurHash(valid)
        #expect(throws: BlurHash.Error.sizeOutOfRange(width: 0, height: 32)) { try hash.image(width: 0) }
        #expect(throws: BlurHash.Error.sizeOutOfRange(width: 32, height: 300)) { try hash.image(height: 300) }
        #expect(throws: BlurHash.Error.invalidPunch(.infinity)) { try hash.image(punch: .infinity) }
        #expect(throws: BlurHash.Error.invalidPunch(0)) { try hash.image(punch: 0) }
    }

    @Test("random bytes and strings never crash either decoder, and whatever is accepted decodes whole")
    func randomInput() throws {
        var random = SeededRandom(seed: 2024)
        var accepted = (thumbHash: 0, blurHash: 0)
        for _ in 0..<6_000 {
            let count = Int.random(in: 0...30, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let hash = try? ThumbHash(bytes: bytes) {
                accepted.thumbHash += 1
                let image = try hash.image()
                #expect(image.rgba.count == image.width * image.height * 4)
            }
            _ = try? ThumbHash(base64: String(decoding: bytes, as: UTF8.self))
            let length = [6, 8, 10, 28, 166, count].randomElement(using: &random)!
            let digits = (0..<length).map { _ in Base83.alphabet.randomElement(using: &random)! }
            let text = String(decoding: Int.random(in: 0..<4, using: &random) == 0 ? bytes : digits, as: UTF8.self)
            if let hash = try? BlurHash(text) {
                accepted.blurHash += 1
                #expect(try hash.image(width: 8, height: 8).rgba.count == 256)
            }
        }
        // Both decoders met valid input too, not only refusals.
        #expect(accepted.thumbHash > 0 && accepted.blurHash > 0)
    }
}
#endif
