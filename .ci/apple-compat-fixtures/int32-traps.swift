// Planted for `.ci/apple-compat --self-check`: each line marked `expect: RULE` must be reported
// with that rule, and nothing else in the file may be. Not built.

struct Index {
    let seed: UInt32
    var mask: Int

    func hash(of key: String) -> UInt32 { UInt32(truncatingIfNeeded: key.hashValue) }

    func home(of key: String) -> Int {
        Int(hash(of: key)) & mask  // expect: int32-trap
    }

    func bucket(_ value: UInt32) -> Int {
        let a = Int(UInt32(value) >> 1)  // expect: int32-trap
        let b = Int(seed)  // expect: int32-trap
        let c = Int(truncatingIfNeeded: value) & mask
        let d = Int(exactly: seed) ?? 0
        return a + b + c + d
    }
}

enum Chunks {
    static func next(_ reader: inout ByteReader, at offset: Int) throws -> Int {
        let length = try reader.uint32(at: offset, bigEndian: true)
        let end = offset + 12 + length  // expect: int32-trap
        let checked = try reader.end(of: offset + 12, length: length, field: "length")
        let inline = offset + (try reader.uint32(at: offset, bigEndian: true))  // expect: int32-trap
        // apple-compat: allow int32-trap (length <= count - offset, checked by the caller)
        let waived = offset + length
        return end + checked + inline + waived
    }
}

let largest = 0xFFFF_FFFF  // expect: int32-trap
let typed: UInt64 = 0xFFFF_FFFF
let small = 0x7FFF_FFFF

// `width` is a UInt32 in the project (Frame below), but this function declares its own Int32,
// which converts to Int on every platform: a file's own narrow declaration wins over the
// project-wide list of wide names.
struct Frame {
    let width: UInt32
}

func signedWidth(_ raw: Int) -> Int {
    let width = Int32(truncatingIfNeeded: raw)
    return Int(width)
}
