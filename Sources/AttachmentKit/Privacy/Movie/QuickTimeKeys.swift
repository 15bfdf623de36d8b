/// A QuickTime metadata box (`meta` with handler `mdta`): the `keys` box names each key
/// (`com.apple.quicktime.location.ISO6709`), the `ilst` box holds the values, each in a box whose
/// type is its key's 1-based index. Removing keys rewrites both: the keys after a removed one
/// move up, and the values that name them are renumbered.
struct QuickTimeKeys {
    typealias Reader = BoundedByteReader<ISOMediaInspector.Error>

    /// The key names that say where a video was shot.
    static let locationPrefix = "com.apple.quicktime.location."

    let keysBox: ISOBox
    /// Each key's entry and name, in order (index 1 first).
    let keys: [(entry: Range<Int>, name: String)]
    let listBox: ISOBox
    /// Each value's box and the index of its key.
    let values: [(box: ISOBox, index: Int)]

    /// Reads `keys` and `ilst`.
    init(keys: ISOBox, list: ISOBox, _ reader: inout Reader) throws(ISOMediaInspector.Error) {
        keysBox = keys
        let count = try reader.uint32(at: keys.payload + 4, bigEndian: true)
        var cursor = keys.payload + 8
        var entries: [(Range<Int>, String)] = []
        for _ in 0..<count {
            guard keys.end - cursor >= 8 else {
                throw .oversizedField(reader.format, field: "keys entry count", value: UInt64(count))
            }
            let size = try reader.uint32(at: cursor, bigEndian: true)
            guard size >= 8, size <= keys.end - cursor else {
                throw .oversizedField(reader.format, field: "key size", value: UInt64(size))
            }
            let name = try reader.prefix(min(size - 8, 256), from: cursor + 8)
            // apple-compat: allow int32-trap (size <= keys.end - cursor, checked above)
            let end = cursor + size
            entries.append((cursor..<end, String(decoding: name, as: UTF8.self)))
            cursor = end
        }
        self.keys = entries
        listBox = list
        values = try ISOBox.children(from: list.payload, to: list.end, &reader).map { box in
            (box, Int(truncatingIfNeeded: (try? reader.rawUInt32(at: box.offset + 4, bigEndian: true)) ?? 0))
        }
    }

    /// The 1-based indices of the keys that say where the video was shot and have a value.
    var locationIndices: Set<Int> {
        let named = Set(keys.indices.filter { keys[$0].name.hasPrefix(Self.locationPrefix) }.map { $0 + 1 })
        return named.intersection(values.map { $0.index })
    }

    /// The `keys` and `ilst` boxes without the keys at `removed` (1-based) and their values;
    /// `slice` gives the input bytes of a range.
    func rewritten(without removed: Set<Int>, _ slice: (Range<Int>) -> ArraySlice<UInt8>) -> (
        keys: [UInt8], list: [UInt8]
    ) {
        var newIndex: [Int: Int] = [:]
        var keysPayload = Array(slice(keysBox.payload..<keysBox.payload + 4))
        keysPayload += HEIFMetaRebuilder.bigEndian(keys.count - removed.count, size: 4)
        for (offset, key) in keys.enumerated() where !removed.contains(offset + 1) {
            newIndex[offset + 1] = newIndex.count + 1
            keysPayload += slice(key.entry)
        }
        var listPayload: [UInt8] = []
        for value in values where !removed.contains(value.index) {
            var bytes = Array(slice(value.box.offset..<value.box.end))
            if let index = newIndex[value.index] {
                bytes.replaceSubrange(4..<8, with: HEIFMetaRebuilder.bigEndian(index, size: 4))
            }
            listPayload += bytes
        }
        return (HEIFMetaRebuilder.box("keys", keysPayload), HEIFMetaRebuilder.box("ilst", listPayload))
    }
}
