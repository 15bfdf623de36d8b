import Foundation

/// Builds image bytes by hand for tests that need headers no encoder writes: truncated,
/// oversized, zero-length and looping structures.
struct ImagingByteWriter {
    private(set) var data = Data()

    init() {}

    init(_ bytes: [UInt8]) { data = Data(bytes) }

    var count: Int { data.count }

    mutating func bytes(_ values: [UInt8]) { data.append(contentsOf: values) }

    mutating func text(_ string: String) { data.append(contentsOf: Array(string.utf8)) }

    mutating func append(_ other: Data) { data.append(other) }

    mutating func uint8(_ value: Int) { data.append(UInt8(truncatingIfNeeded: value)) }

    mutating func uint16(_ value: Int, bigEndian: Bool = true) {
        integer(UInt64(truncatingIfNeeded: value), 2, bigEndian)
    }

    mutating func uint24(_ value: Int, bigEndian: Bool = true) {
        integer(UInt64(truncatingIfNeeded: value), 3, bigEndian)
    }

    mutating func uint32(_ value: Int, bigEndian: Bool = true) {
        integer(UInt64(truncatingIfNeeded: value), 4, bigEndian)
    }

    mutating func uint64(_ value: UInt64, bigEndian: Bool = true) { integer(value, 8, bigEndian) }

    mutating func zeros(_ count: Int) { data.append(Data(count: count)) }

    private mutating func integer(_ value: UInt64, _ byteCount: Int, _ bigEndian: Bool) {
        for index in 0..<byteCount {
            let shift = 8 * (bigEndian ? byteCount - 1 - index : index)
            data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
