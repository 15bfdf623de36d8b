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
    /// `url` from `offset`.
    ///
    /// - Throws: ``UploadError/sourceChanged(_:expected:found:)`` when the file ends sooner, or the
    ///   `POSIXError` of a failed read.
    func header(of url: URL, _ offset: Int64, _ length: Int64) throws -> String {
        var sha256 = SHA256()
        var sha1 = SHA1()
        let read = try FilePieces.read(url, from: offset, length: length) { piece in
            switch self {
            case .sha256: sha256.update(UnsafeRawBufferPointer(piece))
            case .sha1: sha1.update(UnsafeRawBufferPointer(piece))
            }
        }
        guard read == length else { throw UploadError.sourceChanged(url, expected: offset + length, found: nil) }
        let digest = self == .sha256 ? sha256.finalize().bytes : sha1.finalize()
        return rawValue + " " + Data(digest).base64EncodedString()
    }
}
