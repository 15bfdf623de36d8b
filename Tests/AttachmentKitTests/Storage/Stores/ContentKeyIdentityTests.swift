import Foundation
import Testing

@testable import AttachmentKit

/// Key identity: keys that are `==` (canonically equivalent strings) are one entry in every
/// store, and keys that are not are two.
@Suite("ContentKey identity", SuiteTimeLimit.minutes(5), .inTurn)
struct ContentKeyIdentityTests {
    /// Pairs of spellings Swift's `String` considers equal.
    static let equivalentSpellings: [(String, String)] = [
        ("caf\u{E9}", "cafe\u{301}"),  // precomposed é, e + combining acute
        ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstro\u{308}m"),  // the ångström sign, Å; ö, o + diaeresis
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),  // a Hangul syllable and its jamo
        ("q\u{323}\u{307}", "q\u{307}\u{323}"),  // combining marks in either order
    ]

    @Test("keys that are == have one storage digest; keys that differ have different digests")
    func digestAgreesWithEquality() {
        for (first, second) in Self.equivalentSpellings {
            let keys = [
                (ContentKey(partID: PartID(first)), ContentKey(partID: PartID(second))),
                (
                    ContentKey(partID: "p", representation: .init(rawValue: first)),
                    ContentKey(partID: "p", representation: .init(rawValue: second))
                ),
            ]
            for (a, b) in keys {
                #expect(a == b)
                #expect(a.storageDigest == b.storageDigest, "\(a.description.unicodeScalars.map(\.value))")
            }
        }
        #expect(ContentKey(partID: "cafe").storageDigest != ContentKey(partID: "caf\u{E9}").storageDigest)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("every store keeps one entry for keys that are ==, and returns the newer content")
    func storesAgreeWithEquality() async throws {
        let directory = try StorageTemporaryDirectory("identity")
        let file = try FileContentStore(directory: directory.appending("file"), byteCapacity: 1 << 20)
        let tiered = TieredContentStore(
            disk: try FileContentStore(directory: directory.appending("tiered"), byteCapacity: 1 << 20))
        let stores: [any ContentStore] = [InMemoryContentStore(), file, tiered]
        for store in stores {
            for (index, (first, second)) in Self.equivalentSpellings.enumerated() {
                let older = ContentKey(partID: PartID(first))
                let newer = ContentKey(partID: PartID(second))
                try await store.store(Data([UInt8(index), 1]), for: older)
                try await store.store(Data([UInt8(index), 2]), for: newer)
                for key in [older, newer] {
                    #expect(
                        try await store.content(for: key)?.bytes() == Data([UInt8(index), 2]), "\(type(of: store))")
                }
            }
            #expect(await store.usage().entryCount == Self.equivalentSpellings.count, "\(type(of: store))")
        }
    }
}
