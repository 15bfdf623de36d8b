/// A TIFF structure inside an image's bytes: a TIFF file itself, or the EXIF block of a JPEG
/// (`APP1`), PNG (`eXIf`) or WebP (`EXIF`). Reads image file directories (IFDs) in either byte
/// order, every offset checked against the structure's bounds.
struct TIFFStructure {
    /// The `Exif\0\0` identifier that precedes the TIFF structure in a JPEG `APP1` segment (and
    /// in some WebP `EXIF` chunks).
    static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// One directory: where its entries are and how many there are.
    struct Directory {
        /// The structure-relative offset of the directory.
        let offset: Int
        /// The number of 12-byte entries.
        let entryCount: Int
    }

    /// Tags this inspector reads.
    enum Tag: Int {
        case newSubfileType = 254
        case imageWidth = 256
        case imageLength = 257
        case orientation = 274
        /// Where an Exif block's JPEG thumbnail starts (in IFD1), relative to the structure.
        case jpegInterchangeFormat = 513
        /// The length of an Exif block's JPEG thumbnail (in IFD1).
        case jpegInterchangeFormatLength = 514
    }

    /// The absolute offset of the byte-order mark (`II` or `MM`) in the input.
    let base: Int
    /// How many bytes from `base` belong to the structure, at most those up to the end of the
    /// input: `base + offset` for any offset checked against it can't overflow, even where
    /// `Int` is 32 bits and an enclosing length (a PNG chunk's) says 2³¹ − 1.
    let length: Int
    /// Whether integers are big-endian (`MM`).
    let isBigEndian: Bool
    /// The structure-relative offset of the first directory (IFD0).
    let firstDirectoryOffset: Int

    /// The most directories ``firstFullSizeDirectory(_:)`` follows.
    static let maximumDirectoryCount = 64

    /// Reads the 8-byte header at `base`.
    ///
    /// - Throws: ``ImageInspector/Error/malformed(_:reason:)`` for a bad byte order or magic
    ///   number or a first directory outside the structure, ``ImageInspector/Error/unsupported(_:feature:)``
    ///   for BigTIFF.
    init(_ reader: inout ByteReader, base: Int, length: Int) throws(ImageInspector.Error) {
        let order = try reader.uint16(at: base, bigEndian: true)
        switch order {
        case 0x4949: isBigEndian = false
        case 0x4D4D: isBigEndian = true
        default: throw .malformed(reader.format, reason: "TIFF byte order is not II or MM")
        }
        self.base = base
        self.length = min(length, reader.count - base)
        let magic = try reader.uint16(at: base + 2, bigEndian: isBigEndian)
        if magic == 43 { throw .unsupported(reader.format, feature: "BigTIFF") }
        guard magic == 42 else { throw .malformed(reader.format, reason: "TIFF magic number is \(magic), not 42") }
        firstDirectoryOffset = try reader.uint32(at: base + 4, bigEndian: isBigEndian)
        guard firstDirectoryOffset >= 8 else {
            throw .malformed(
                reader.format, reason: "the first IFD offset \(firstDirectoryOffset) points into the header")
        }
    }

    /// The directory at structure-relative `offset`.
    func directory(at offset: Int, _ reader: inout ByteReader) throws(ImageInspector.Error) -> Directory {
        guard offset >= 8, offset <= length - 2 else {
            throw .oversizedField(reader.format, field: "IFD offset", value: UInt64(clamping: offset))
        }
        let entryCount = try reader.uint16(at: base + offset, bigEndian: isBigEndian)
        guard 2 + entryCount * 12 <= length - offset else {
            throw .oversizedField(reader.format, field: "IFD entry count", value: UInt64(entryCount))
        }
        return Directory(offset: offset, entryCount: entryCount)
    }

    /// The integer value of `tag` in `directory`, when it is there as one BYTE, SHORT or LONG:
    /// a `UInt32`, which holds every one of them with any `Int`.
    func value(of tag: Tag, in directory: Directory, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> UInt32?
    {
        for index in 0..<directory.entryCount {
            let entry = base + directory.offset + 2 + index * 12
            guard try reader.uint16(at: entry, bigEndian: isBigEndian) == tag.rawValue else { continue }
            let type = try reader.uint16(at: entry + 2, bigEndian: isBigEndian)
            // Only compared, never an offset: read as the `UInt32` it is, so that a count of 2³¹
            // or more reads the same with a 32-bit `Int`.
            let count = try reader.rawUInt32(at: entry + 4, bigEndian: isBigEndian)
            guard count >= 1 else { return nil }
            switch type {
            case 1: return UInt32(try reader.uint8(at: entry + 8))
            case 3: return UInt32(try reader.uint16(at: entry + 8, bigEndian: isBigEndian))
            case 4: return try reader.rawUInt32(at: entry + 8, bigEndian: isBigEndian)
            default: return nil
            }
        }
        return nil
    }

    /// The structure-relative offset of the directory after `directory`, `nil` at the end of
    /// the chain.
    func nextDirectoryOffset(after directory: Directory, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> Int?
    {
        let next = try reader.uint32(
            at: base + directory.offset + 2 + directory.entryCount * 12, bigEndian: isBigEndian)
        return next == 0 ? nil : next
    }

    /// The orientation in `directory`; ``ImageOrientation/up`` when the tag is absent or not 1–8.
    func orientation(in directory: Directory, _ reader: inout ByteReader) throws(ImageInspector.Error)
        -> ImageOrientation
    {
        let value = try value(of: .orientation, in: directory, &reader)
        return value.flatMap { Int(exactly: $0) }.flatMap(ImageOrientation.init(exifValue:)) ?? .up
    }

    /// The orientation in an Exif block embedded in another format (a JPEG `APP1` segment, a
    /// PNG `eXIf` chunk, a WebP `EXIF` chunk) at `base`; ``ImageOrientation/up`` when the block
    /// is damaged, as in every decoder: broken metadata does not make the image unreadable.
    static func embeddedOrientation(
        at base: Int, length: Int, _ reader: inout ByteReader
    ) throws(ImageInspector.Error) -> ImageOrientation {
        do {
            let structure = try TIFFStructure(&reader, base: base, length: length)
            return try structure.orientation(
                in: structure.directory(at: structure.firstDirectoryOffset, &reader), &reader)
        } catch {
            if error.isAboutTheReadNotTheFormat { throw error }
            return .up
        }
    }

    /// The first directory of the chain that is not a reduced-resolution copy (bit 0 of
    /// `NewSubfileType` clear), or IFD0 when every one is.
    ///
    /// - Throws: ``ImageInspector/Error/loop(_:offset:)`` when the chain revisits a directory,
    ///   ``ImageInspector/Error/malformed(_:reason:)`` when it is longer than
    ///   ``maximumDirectoryCount``.
    func firstFullSizeDirectory(_ reader: inout ByteReader) throws(ImageInspector.Error) -> Directory {
        let first = try directory(at: firstDirectoryOffset, &reader)
        var current = first
        var visited: Set<Int> = [first.offset]
        while true {
            let subfileType = try value(of: .newSubfileType, in: current, &reader) ?? 0
            if subfileType & 1 == 0 { return current }
            guard let next = try nextDirectoryOffset(after: current, &reader) else { return first }
            // A revisited offset was checked against the structure's length when first read.
            // apple-compat: allow int32-trap (next is a visited, checked directory offset)
            guard visited.insert(next).inserted else { throw .loop(reader.format, offset: base + next) }
            guard visited.count <= Self.maximumDirectoryCount else {
                throw .malformed(reader.format, reason: "more than \(Self.maximumDirectoryCount) IFDs")
            }
            current = try directory(at: next, &reader)
        }
    }
}
