import Foundation

/// The body chunks of a ``URLSessionTaskStream`` that wait to be read, in order, with their size.
struct WaitingChunks {
    private var chunks: [Data] = []
    private var readIndex = 0
    /// The bytes waiting.
    private(set) var byteCount = 0

    /// Adds `chunk` after the others.
    mutating func append(_ chunk: Data) {
        chunks.append(chunk)
        byteCount += chunk.count
    }

    /// The oldest chunk joined with those after it while the whole stays within `limit` bytes
    /// (a reader that fell behind catches up with one write instead of many); `nil` when none
    /// waits.
    mutating func takeJoined(upTo limit: Int) -> Data? {
        guard readIndex < chunks.count else { return nil }
        var joined = chunks[readIndex]
        readIndex += 1
        while readIndex < chunks.count, joined.count + chunks[readIndex].count <= limit {
            joined.append(chunks[readIndex])
            readIndex += 1
        }
        byteCount -= joined.count
        if readIndex == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            readIndex = 0
        }
        return joined
    }

    /// Every waiting chunk, in order, leaving none.
    mutating func takeAll() -> ArraySlice<Data> {
        defer { self = WaitingChunks() }
        return chunks[readIndex...]
    }
}
