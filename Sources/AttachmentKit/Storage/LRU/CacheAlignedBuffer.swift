/// A fixed number of elements, stored contiguously from a cache-line boundary, with value
/// semantics (copied on the first change after a copy, as `Array` is).
///
/// ``LRUIndex`` keeps its buckets here rather than in an `Array`: an array's elements start
/// after its header, 32 bytes into an allocation that `malloc` aligns to 16, so a 64-byte bucket
/// spans two cache lines and a lookup that misses the cache pays for both. Here the first
/// element starts a line, so each 64-byte bucket is exactly one line (a test checks that the
/// memory store's bucket is 64 bytes).
struct CacheAlignedBuffer<Element> {
    /// The cache line size assumed: 64 bytes on the x86-64 and ARM processors AttachmentKit
    /// runs on (Apple's M-series have 128-byte lines, which 64-byte buckets never straddle
    /// either).
    static var lineByteCount: Int { 64 }

    /// The allocation, freed with the last copy of the buffer that shares it.
    private final class Storage {
        let elements: UnsafeMutablePointer<Element>
        let count: Int

        init(count: Int, initializing body: (UnsafeMutablePointer<Element>) -> Void) {
            let alignment = max(CacheAlignedBuffer.lineByteCount, MemoryLayout<Element>.alignment)
            let raw = UnsafeMutableRawPointer.allocate(
                byteCount: max(1, count * MemoryLayout<Element>.stride), alignment: alignment)
            elements = raw.bindMemory(to: Element.self, capacity: count)
            self.count = count
            body(elements)
        }

        deinit {
            elements.deinitialize(count: count)
            UnsafeMutableRawPointer(elements).deallocate()
        }
    }

    private var storage: Storage

    /// `count` copies of `element`.
    init(repeating element: Element, count: Int) {
        storage = Storage(count: max(0, count)) { $0.initialize(repeating: element, count: max(0, count)) }
    }

    /// The number of elements, fixed at creation.
    var count: Int { storage.count }

    /// The element at `position`, which must be in `0..<count`.
    subscript(position: Int) -> Element {
        @inline(__always)
        get {
            precondition(UInt(bitPattern: position) < UInt(storage.count), "position out of range")
            return storage.elements[position]
        }
        @inline(__always)
        _modify {
            precondition(UInt(bitPattern: position) < UInt(storage.count), "position out of range")
            makeUnique()
            yield &storage.elements[position]
        }
    }

    /// Exchanges the elements at two positions, both in `0..<count`.
    mutating func swapAt(_ first: Int, _ second: Int) {
        precondition(UInt(bitPattern: first) < UInt(count) && UInt(bitPattern: second) < UInt(count))
        makeUnique()
        guard first != second else { return }
        swap(&storage.elements[first], &storage.elements[second])
    }

    /// The address of the first element, for the tests of the alignment.
    var baseAddress: UnsafeRawPointer { UnsafeRawPointer(storage.elements) }

    @inline(__always)
    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let source = storage
        storage = Storage(count: source.count) { $0.initialize(from: source.elements, count: source.count) }
    }
}
