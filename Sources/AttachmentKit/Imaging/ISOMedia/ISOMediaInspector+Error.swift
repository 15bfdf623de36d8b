import Foundation

extension ISOMediaInspector {
    /// Why ``ISOMediaInspector`` could not read an ISO media file's header. Every bad input gets one
    /// of these, within the inspector's byte and read budgets; none traps or loops.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The input has no bytes at all.
        case empty
        /// The first bytes are no ISO media file (no `ftyp` box naming a media brand, and no
        /// QuickTime box at the start); the associated value says what they are instead.
        case notISOMedia(FileType)
        /// A box or field at `offset` runs past the end of the input: a partial download, a `moov`
        /// larger than the file, or a box size that points past the end.
        case truncated(ISOMediaHeader.Format, offset: Int)
        /// A size or count is larger than the box that holds it: a child box larger than its
        /// parent, a sample table claiming more entries than its bytes hold, a matrix whose
        /// product overflows 64 bits.
        case oversizedField(ISOMediaHeader.Format, field: String, value: UInt64)
        /// A field holds a value the format forbids: a box smaller than its header, a 64-bit size
        /// below 16, a nested box of size 0, no `moov` box.
        case malformed(ISOMediaHeader.Format, reason: String)
        /// Boxes are nested deeper than 16 levels.
        case nestingTooDeep(ISOMediaHeader.Format, limit: Int)
        /// The header was not complete within ``ISOMediaInspector/maximumByteCount`` bytes.
        case readLimitExceeded(ISOMediaHeader.Format?, limit: Int)
        /// The header was not complete within ``ISOMediaInspector/maximumReadCount`` reads.
        case readCountExceeded(ISOMediaHeader.Format, limit: Int)
        /// The URL given names no local file.
        case notAFileURL(URL)
        /// The file could not be opened or read.
        case unreadable(URL, reason: String)

        public var description: String {
            switch self {
            case .empty: "the content is empty (zero bytes)"
            case .notISOMedia(let type): "not an ISO media file: \(type)"
            case .truncated(let format, let offset):
                "\(format) header is truncated: a box or field at byte \(offset) runs past the end"
            case .oversizedField(let format, let field, let value): "\(format) \(field) is too large (\(value))"
            case .malformed(let format, let reason): "malformed \(format) header: \(reason)"
            case .nestingTooDeep(let format, let limit): "\(format) boxes are nested deeper than \(limit)"
            case .readLimitExceeded(let format, let limit):
                "\(format.map { "\($0) header" } ?? "header") not found within the first \(limit) bytes read"
            case .readCountExceeded(let format, let limit): "\(format) header not found within \(limit) reads"
            case .notAFileURL(let url): "\(url.absoluteString) is not a file URL"
            case .unreadable(let url, let reason): "can't read \(url.path): \(reason)"
            }
        }
    }
}

extension ISOMediaInspector.Error: ByteReadFailure {}
