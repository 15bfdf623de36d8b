import Foundation
import Testing

@testable import AttachmentKit

@Suite("CacheAlignedBuffer", .inTurn)
struct CacheAlignedBufferTests {
    @Test("the memory store's buckets are one cache line each, from a line boundary, before and after growth")
    func bucketsFillOneLineEach() {
        typealias Index = LRUIndex<PrehashedKey<ContentKey>, PartContent>
        // A bucket that grew past 64 bytes would span two lines whatever the alignment.
        #expect(MemoryLayout<Index.Bucket>.stride == CacheAlignedBuffer<Index.Bucket>.lineByteCount)
        var index = Index()
        #expect(Int(bitPattern: index.buckets.baseAddress) % CacheAlignedBuffer<Index.Bucket>.lineByteCount == 0)
        let value = PartContent.data(Data([1, 2, 3]))
        for number in 0..<1_000 {
            index.set(value, cost: 3, for: PrehashedKey(ContentKey(partID: PartID("p\(number)"))))
        }
        #expect(index.buckets.count >= 1_024)
        #expect(Int(bitPattern: index.buckets.baseAddress) % CacheAlignedBuffer<Index.Bucket>.lineByteCount == 0)
    }

    @Test("a copy is independent of the original: changing either leaves the other as it was")
    func valueSemantics() {
        var original = CacheAlignedBuffer(repeating: "a", count: 4)
        var copy = original
        copy[1] = "b"
        copy.swapAt(0, 3)
        original[2] = "c"
        #expect((0..<4).map { original[$0] } == ["a", "a", "c", "a"])
        #expect((0..<4).map { copy[$0] } == ["a", "b", "a", "a"])
        #expect(original.baseAddress != copy.baseAddress)
    }

    @Test("an index copied before changes keeps its entries and order, as an array-backed one did")
    func indexCopyIsUnchanged() {
        var index = LRUIndex<Int, String>()
        for key in 0..<100 { index.set("\(key)", cost: 1, for: key) }
        let snapshot = index
        for key in 0..<50 { index.remove(key) }
        index.set("new", cost: 1, for: 7)
        #expect(snapshot.count == 100)
        #expect(snapshot.peek(7) == "7")
        #expect(snapshot.peek(60) == "60")
        #expect(index.peek(7) == "new")
        #expect(index.count == 51)
    }

    @Test("elements are released with the last copy of the buffer")
    func releasesElements() {
        final class Token {}
        weak var released: Token?
        do {
            let token = Token()
            released = token
            var buffer = CacheAlignedBuffer(repeating: Token?.none, count: 3)
            buffer[1] = token
            let copy = buffer
            buffer[1] = nil
            #expect(copy[1] === token)
        }
        #expect(released == nil)
    }
}
