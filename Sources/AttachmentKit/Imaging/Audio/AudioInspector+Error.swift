import Foundation

extension AudioInspector {
    /// Why ``AudioInspector`` could not read an audio file's header. Every bad input gets one of
    /// these, within the inspector's byte and read budgets; none traps or loops.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The input has no bytes at all.
        case empty
        /// The first bytes are no audio file the inspector reads (Ogg, MP3, or ISO media with a
        /// sound track and no video); the associated value says what they are instead.
        case notAudio(FileType)
        /// A structure or field at `offset` runs past the end of the input: a partial download,
        /// or an Ogg segment table that claims more bytes than remain.
        case truncated(AudioHeader.Format, offset: Int)
        /// A length or count is larger than what holds it.
        case oversizedField(AudioHeader.Format, field: String, value: UInt64)
        /// A field holds a value the format forbids: an Ogg page of another version, a granule
        /// position that goes backwards, a stream without `OpusHead`, no MPEG audio frame.
        case malformed(AudioHeader.Format, reason: String)
        /// The Ogg page at `offset` fails its CRC-32: it was damaged or altered.
        case checksumMismatch(offset: Int, stored: UInt32, computed: UInt32)
        /// The Ogg stream carries a codec whose duration the inspector does not read (FLAC,
        /// Speex, Theora…), named by its identification header.
        case unsupportedCodec(String)
        /// The header was not complete within ``AudioInspector/maximumByteCount`` bytes.
        case readLimitExceeded(AudioHeader.Format?, limit: Int)
        /// The header was not complete within ``AudioInspector/maximumReadCount`` reads: an Ogg
        /// file of thousands of tiny pages, for example.
        case readCountExceeded(AudioHeader.Format, limit: Int)
        /// The URL given names no local file.
        case notAFileURL(URL)
        /// The file could not be opened or read.
        case unreadable(URL, reason: String)
        /// The ISO media reader's error for an M4A.
        case isoMedia(ISOMediaInspector.Error)

        public var description: String {
            switch self {
            case .empty: "the content is empty (zero bytes)"
            case .notAudio(let type): "not an audio file: \(type)"
            case .truncated(let format, let offset):
                "\(format) header is truncated: a structure at byte \(offset) runs past the end"
            case .oversizedField(let format, let field, let value): "\(format) \(field) is too large (\(value))"
            case .malformed(let format, let reason): "malformed \(format) file: \(reason)"
            case .checksumMismatch(let offset, let stored, let computed):
                "the Ogg page at byte \(offset) fails its CRC-32 (stored \(hex(stored)), computed \(hex(computed)))"
            case .unsupportedCodec(let codec): "the Ogg stream holds \(codec), whose duration is not read"
            case .readLimitExceeded(let format, let limit):
                "\(format.map { "\($0) header" } ?? "header") not read within the first \(limit) bytes"
            case .readCountExceeded(let format, let limit): "\(format) header not read within \(limit) reads"
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            case .isoMedia(let error): "\(error)"
            }
        }

        private func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }
    }
}

extension AudioInspector.Error: ByteReadFailure {}

/// The reader of audio headers, throwing ``AudioInspector/Error``.
typealias AudioByteReader = BoundedByteReader<AudioInspector.Error>
