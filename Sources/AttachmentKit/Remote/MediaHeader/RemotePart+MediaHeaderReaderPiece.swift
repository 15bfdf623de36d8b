import Foundation

extension RemotePart.MediaHeaderReader {
    /// Bytes fetched from `offset` of a file of `total` bytes.
    struct Piece {
        let bytes: Data
        let offset: Int64
        let total: Int64
        let format: ISOMediaHeader.Format

        init(bytes: Data, offset: Int64, total: Int64, known: ISOMediaHeader.Format?) throws(RemotePart
            .MediaHeaderReader
            .Error)
        {
            self.bytes = bytes
            self.offset = offset
            self.total = total
            if let known {
                format = known
            } else {
                let sniffed = bytes.prefix(FormatSniffer.examinedPrefixLength).withUnsafeBytes { prefix in
                    Result { () throws(ISOMediaInspector.Error) in try ISOMediaInspector.format(of: prefix) }
                }
                do { format = try sniffed.get() } catch { throw .inspection(error) }
            }
        }

        /// The top-level boxes from the piece's start in the rest of the file (`fileSize` bytes).
        func layout(fileSize: Int64, _ inspector: ISOMediaInspector) throws(RemotePart.MediaHeaderReader.Error)
            -> TopLevelLayout
        {
            try read(inspector) { reader throws(ISOMediaInspector.Error) in
                try TopLevelLayout.walk(&reader, fileSize: Int(clamping: fileSize))
            }
        }

        /// The brands of `ftyp`, read from the piece.
        func brands(_ fileType: ISOBox?, _ inspector: ISOMediaInspector) throws(RemotePart.MediaHeaderReader.Error)
            -> [String]
        {
            guard let fileType, fileType.end <= bytes.count else { return [] }
            return try read(inspector) { reader throws(ISOMediaInspector.Error) in
                try ISOMediaParser.brands(fileType, &reader)
            }
        }

        private func read<Value>(
            _ inspector: ISOMediaInspector,
            _ body: (inout ISOMediaParser.Reader) throws(ISOMediaInspector.Error) -> Value
        ) throws(RemotePart.MediaHeaderReader.Error) -> Value {
            let format = format
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(ISOMediaInspector.Error) -> Value in
                    var reader = ISOMediaParser.Reader(
                        bytes: raw, format: format, limit: inspector.maximumByteCount,
                        readLimit: inspector.maximumReadCount)
                    return try body(&reader)
                }
            }
            do { return try result.get() } catch { throw .inspection(error) }
        }
    }
}
