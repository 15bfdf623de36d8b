/// One box of an ISO base media file (HEIF, AVIF, MP4, MOV): its type and extent, checked
/// against its parent's.
struct ISOBox {
    /// The four-character type (`ftyp`, `meta`, `ispe`…).
    let type: String
    /// The absolute offset of the box's first byte.
    let offset: Int
    /// The absolute offset after its last byte.
    let end: Int
    /// The absolute offset of its payload, after the 8- or 16-byte header.
    let payload: Int

    /// Reads the box header at `offset` inside a parent that ends at `parentEnd`.
    ///
    /// A size of 0 means "to the end of the file" and is accepted only at the top level;
    /// a size of 1 means a 64-bit size follows the type.
    ///
    /// - Throws: ``ImageInspector/Error/malformed(_:reason:)`` for a size smaller than the
    ///   header or a nested size of 0, ``ImageInspector/Error/oversizedField(_:field:value:)``
    ///   for a box larger than its parent, ``ImageInspector/Error/truncated(_:offset:)`` for a
    ///   top-level box that runs past the end of the input.
    init<Failure>(
        at offset: Int, parentEnd: Int, isTopLevel: Bool, _ reader: inout BoundedByteReader<Failure>
    ) throws(Failure) {
        let size32 = try reader.uint32(at: offset, bigEndian: true)
        type = FourCharacterCode.text(try reader.uint32(at: offset + 4, bigEndian: true))
        self.offset = offset
        var size = size32
        var header = 8
        if size32 == 1 {
            size = try reader.uint64(at: offset + 8, bigEndian: true)
            header = 16
        } else if size32 == 0 {
            guard isTopLevel else { throw .malformed(reader.format, reason: "the \"\(type)\" box has size 0") }
            size = parentEnd - offset
        }
        guard size >= header else {
            throw .malformed(reader.format, reason: "the \"\(type)\" box has size \(size), less than its header")
        }
        guard size <= parentEnd - offset else {
            if isTopLevel { throw .truncated(reader.format, offset: parentEnd) }
            throw .oversizedField(reader.format, field: "\"\(type)\" box size", value: UInt64(size))
        }
        // apple-compat: allow int32-trap (size <= parentEnd - offset, checked above)
        end = offset + size
        payload = offset + header
    }

    /// The boxes inside this one, from `start` (the payload, after any full-box header) to the
    /// end, in order.
    static func children<Failure>(
        from start: Int, to end: Int, _ reader: inout BoundedByteReader<Failure>
    ) throws(Failure) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = start
        while offset + 8 <= end {
            let box = try ISOBox(at: offset, parentEnd: end, isTopLevel: false, &reader)
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }
}
