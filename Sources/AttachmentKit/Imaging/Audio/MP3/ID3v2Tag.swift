/// Skips the ID3v2 tags at the start of an MP3 (id3.org, ID3v2.4 §3.1): `ID3`, a version, flags
/// and a 28-bit "synchsafe" size, plus a 10-byte footer when flag 0x10 says so.
enum ID3v2Tag {
    /// The offset after every ID3v2 tag that starts at `offset`, one after the other.
    static func end(from offset: Int, _ reader: inout AudioByteReader) throws(AudioInspector.Error) -> Int {
        var position = offset
        while try reader.bytes(at: position, equal: Array("ID3".utf8)) {
            let header = try reader.prefix(10, from: position)
            guard header.count == 10 else { throw .truncated(.mp3, offset: position) }
            guard header[6..<10].allSatisfy({ $0 < 0x80 }) else {
                throw .malformed(.mp3, reason: "the ID3v2 tag at byte \(position) has a size that is not synchsafe")
            }
            let size = header[6..<10].reduce(0) { $0 << 7 | Int($1) }
            let length = 10 + size + (header[5] & 0x10 != 0 ? 10 : 0)
            let end = try reader.end(of: position, length: length, field: "ID3v2 tag size")
            guard end <= reader.count else { throw .truncated(.mp3, offset: position) }
            position = end
        }
        return position
    }
}
