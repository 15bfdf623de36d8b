import Foundation

/// The tus checksum extension's `Upload-Checksum` for a chunk of a file: `sha256` where the
/// server offers it, otherwise `sha1`, the algorithm every tus server must support.
enum UploadChecksum: String, Sendable, Hashable {
    case sha256
    case sha1

    /// The algorithm to use with a server that lists `capabilities`' `Tus-Checksum-Algorithm`:
    /// `sha256` when listed, `sha1` when only that is, `nil` when neither is (no checksum sent).
    static func preferred(by capabilities: TusServerCapabilities) -> UploadChecksum? {
        [.sha256, .sha1].first { capabilities.checksumAlgorithms.contains($0.rawValue) }
    }

    /// The header's value, `"<algorithm> <base64 digest>"`, for `length` bytes of the file at
    /// `url` from `offset`, read in 1 MiB pieces.
    func header(of url: URL, _ offset: Int64, _ length: Int64) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        var sha256 = SHA256()
        var sha1 = SHA1()
        var remaining = length
        while remaining > 0 {
            let piece = try handle.read(upToCount: Int(min(remaining, 1 << 20))) ?? Data()
            guard !piece.isEmpty else { throw UploadError.sourceChanged(url, expected: offset + length, found: nil) }
            switch self {
            case .sha256: sha256.update(piece)
            case .sha1: sha1.update(piece)
            }
            remaining -= Int64(piece.count)
        }
        let digest = self == .sha256 ? sha256.finalize().bytes : sha1.finalize()
        return rawValue + " " + Data(digest).base64EncodedString()
    }
}
