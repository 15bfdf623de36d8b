#if os(macOS) || os(Linux)
// Spawns processes (servers, tools): macOS and Linux only.
import Foundation
import Testing

@testable import AttachmentKit

@Suite("SHA-1", SuiteTimeLimit.minutes(5), .inTurn)
struct SHA1Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// Lengths at and around every padding and block boundary, then longer random ones.
    static let lengths: [Int] = {
        var generator = SeededRandom(seed: 41)
        let boundaries = [0, 1, 2, 54, 55, 56, 57, 63, 64, 65, 118, 119, 120, 121, 127, 128, 129, 191, 192, 193]
        return boundaries + [4095, 4096, 4097, 65_536]
            + (0..<12).map { _ in Int.random(in: 0...200_000, using: &generator) }
    }()

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test("the FIPS 180-4 examples and the tus spec's 'hello world' have their published digests")
    func vectors() {
        #expect(Self.hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(SHA1.hash([UInt8]())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            Self.hex(SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Data(SHA1.hash(Array("hello world".utf8))).base64EncodedString() == "Kq5sNclPz7QV2+lfQIuc6R7oRu0=")
    }

    @Test("a message fed in uneven pieces hashes as sha1sum hashes the file")
    func incrementalAgainstSHA1Sum() async throws {
        var generator = SeededRandom(seed: 43)
        for (index, length) in [0, 64, 1000, 150_001].enumerated() {
            let message = Self.randomBytes(length, seed: UInt64(index) + 500)
            var hasher = SHA1()
            var offset = 0
            while offset < message.count {
                let piece = min(Int.random(in: 0...200, using: &generator), message.count - offset)
                hasher.update(Array(message[offset..<offset + piece]))
                offset += piece
            }
            let outcome = try await ExternalTool.run("sha1sum", [], input: Data(message))
            let digest = String(decoding: outcome.output, as: UTF8.self).prefix(40)
            #expect(outcome.status == 0)
            #expect(Self.hex(hasher.finalize()) == digest, "length \(length)")
        }
    }
}
#endif
