import Foundation
import Testing

@testable import AttachmentKit

@Suite("SHA-256", .inTurn)
struct SHA256Tests {
    @Test(
        "the FIPS 180-4 example messages have their published digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                    + "mnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(message: String, digest: String) {
        #expect(SHA256.hash(Data(message.utf8)).hex == digest)
    }

    @Test("one million 'a' hashes to the published digest")
    func millionA() {
        let digest = SHA256.hash(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(digest.hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("feeding the message in uneven pieces gives the same digest as feeding it whole")
    func incremental() {
        var generator = SeededRandom(seed: 7)
        let message = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var hasher = SHA256()
        var offset = 0
        while offset < message.count {
            let length = min(Int.random(in: 0...130, using: &generator), message.count - offset)
            hasher.update(Array(message[offset..<offset + length]))
            offset += length
        }
        #expect(hasher.finalize() == SHA256.hash(message))
    }

    @Test("messages around the padding boundaries (55, 56, 63, 64, 65 bytes) hash like the reference")
    func paddingBoundaries() {
        // Digests from `printf 'a%.0s' $(seq N) | sha256sum`.
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (length, digest) in expected {
            #expect(SHA256.hash(Data(repeating: UInt8(ascii: "a"), count: length)).hex == digest, "length \(length)")
        }
    }
}
