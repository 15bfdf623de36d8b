import Foundation

/// The tus checksum extension's value for a chunk of a file: its SHA-256, base64.
enum UploadChecksum {
    /// The base64 SHA-256 of `length` bytes of the file at `url` from `offset`, read in 1 MiB
    /// pieces.
    static func sha256(of url: URL, _ offset: Int64, _ length: Int64) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        var hasher = SHA256()
        var remaining = length
        while remaining > 0 {
            let piece = try handle.read(upToCount: Int(min(remaining, 1 << 20))) ?? Data()
            guard !piece.isEmpty else { throw UploadError.sourceChanged(url, expected: offset + length, found: nil) }
            hasher.update(piece)
            remaining -= Int64(piece.count)
        }
        return Data(hasher.finalize().bytes).base64EncodedString()
    }
}
