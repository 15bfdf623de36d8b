/// One change to a file's bytes: the bytes in `range` (input offsets) are replaced by other bytes,
/// by as many zeros, or by nothing. A stripping plan is a list of these, applied in one
/// streamed copy by ``SplicedCopy``.
struct ByteEdit: Equatable {
    /// What takes the place of the range.
    enum Replacement: Equatable {
        /// These bytes.
        case bytes([UInt8])
        /// This many zero bytes (a removed value overwritten in place, without holding it in memory).
        case zeros(Int)
    }

    /// The input bytes replaced.
    let range: Range<Int>
    let replacement: Replacement

    /// The range removed, with nothing in its place.
    static func removal(_ range: Range<Int>) -> ByteEdit { ByteEdit(range: range, replacement: .bytes([])) }

    /// The range overwritten in place with zeros.
    static func zeroing(_ range: Range<Int>) -> ByteEdit { ByteEdit(range: range, replacement: .zeros(range.count)) }

    /// The range replaced by `bytes`.
    static func replacing(_ range: Range<Int>, with bytes: [UInt8]) -> ByteEdit {
        ByteEdit(range: range, replacement: .bytes(bytes))
    }

    /// How many bytes take the range's place.
    var replacementCount: Int {
        switch replacement {
        case .bytes(let bytes): bytes.count
        case .zeros(let count): count
        }
    }

    /// The edits sorted by position, or `nil` when two of them overlap (structures that share
    /// bytes, which only a crafted file has).
    static func sorted(_ edits: [ByteEdit]) -> [ByteEdit]? {
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.range.upperBound > second.range.lowerBound {
            return nil
        }
        return sorted
    }

    /// Applies `edits` (in input offsets, sorted, not overlapping) to `buffer`, which holds the
    /// input bytes from offset `start`; edits outside the buffer are left out.
    static func apply(_ edits: [ByteEdit], to buffer: inout [UInt8], start: Int) {
        for edit in edits.reversed()
        where edit.range.lowerBound >= start && edit.range.upperBound <= start + buffer.count {
            let local = (edit.range.lowerBound - start)..<(edit.range.upperBound - start)
            switch edit.replacement {
            case .bytes(let bytes): buffer.replaceSubrange(local, with: bytes)
            case .zeros(let count): buffer.replaceSubrange(local, with: repeatElement(0, count: count))
            }
        }
    }
}
