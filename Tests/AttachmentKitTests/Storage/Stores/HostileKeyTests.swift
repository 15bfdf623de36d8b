import Foundation
import Testing

@testable import AttachmentKit

@Suite("Hostile keys", SuiteTimeLimit.minutes(5), .inTurn)
struct HostileKeyTests {
    static let keys: [ContentKey] = [
        ContentKey(partID: "../../etc/passwd"),
        ContentKey(partID: "/etc/passwd"),
        ContentKey(partID: "a/../../b", representation: "../../x"),
        ContentKey(partID: PartID(String(repeating: "x/", count: 5_000))),
        ContentKey(partID: "a\u{0}b"),
        ContentKey(partID: "a"),
        ContentKey(partID: "😀🏳️‍🌈", representation: "ﬁ"),
        ContentKey(partID: ""),
        ContentKey(partID: "."),
        ContentKey(partID: ".."),
        ContentKey(partID: "a#b", representation: "c"),
        ContentKey(partID: "a", representation: "b#c"),
    ]

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "no key chooses a path: each gets its own 64-hex-digit file in the entries directory and nothing else")
    func hostileKeysStayInside() async throws {
        let directory = try StorageTemporaryDirectory()
        let store = try FileContentStore.forTesting(in: directory)
        for (offset, key) in Self.keys.enumerated() {
            let stored = try await store.store(Data("\(offset)".utf8), for: key)
            let url = try #require(stored.fileURL)
            #expect(url.deletingLastPathComponent().path == directory.appending("store/entries").path)
            #expect(url.lastPathComponent.count == 64)
            #expect(url.lastPathComponent.allSatisfy { "0123456789abcdef".contains($0) })
        }
        for (offset, key) in Self.keys.enumerated() {
            #expect(try await store.bytes(for: key) == Data("\(offset)".utf8), "\(key)")
        }
        #expect(directory.names(in: "store/entries").count == Self.keys.count)
        #expect(directory.names(in: "").sorted() == ["store"])
        #expect(Set(directory.names(in: "store")) == ["entries", "format", "journal", "lock", "partial", "staging"])
    }

    @Test("keys that differ only in where the separator falls have different digests")
    func unambiguousEncoding() {
        let digests = Set(Self.keys.map(\.storageDigest))
        #expect(digests.count == Self.keys.count)
    }

    @Test("the memory store keeps hostile keys apart too")
    func inMemory() throws {
        let store = InMemoryContentStore()
        for (offset, key) in Self.keys.enumerated() { try store.store(Data([UInt8(offset)]), for: key) }
        for (offset, key) in Self.keys.enumerated() { #expect(store.content(for: key) == .data(Data([UInt8(offset)]))) }
    }
}
