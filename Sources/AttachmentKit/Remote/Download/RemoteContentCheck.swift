import Foundation

/// The checks a completed download passes before it becomes the part's content: its length,
/// its bytes against its declared type (``ContentCheck/verifyDownloaded(_:declaredType:)``),
/// and its declared SHA-256.
struct RemoteContentCheck: Sendable {
    let mimeType: MIMEType
    let declaredByteCount: Int64?
    let expectedSHA256: SHA256Digest?
    /// The check the resolver's events run too, under the default policy.
    var contentCheck = ContentCheck(policy: .default)

    /// Checks the file at `url`, `byteCount` bytes long, whose SHA-256 `digest` was computed
    /// as its bytes arrived (see ``ArrivalDigest``); when `nil`, the file is hashed here.
    ///
    /// - Throws: ``RemotePartError/lengthMismatch(received:declared:)``,
    ///   ``RemotePartError/contentMismatch(_:)`` (an image part whose bytes are an HTML page,
    ///   JSON or no image), ``RemotePartError/fileContentMismatch(_:)`` (a PDF, archive, MP3 or
    ///   video part whose bytes are another type, see ``FileType/verify(_:declaredType:)``) or
    ///   ``RemotePartError/digestMismatch(expected:actual:)``.
    func check(fileAt url: URL, byteCount: Int64, digest: SHA256Digest? = nil) throws(RemotePartError) {
        if let declaredByteCount, declaredByteCount != byteCount {
            throw .lengthMismatch(received: byteCount, declared: declaredByteCount)
        }
        do {
            try contentCheck.verifyDownloaded(.file(url), declaredType: mimeType)
        } catch {
            switch error {
            case .image(let mismatch): throw .contentMismatch(mismatch)
            case .file(let mismatch): throw .fileContentMismatch(mismatch)
            }
        }
        if let expectedSHA256 {
            let actual = digest ?? Self.sha256(ofFileAt: url)
            guard actual == expectedSHA256 else {
                throw .digestMismatch(expected: expectedSHA256.hex, actual: actual?.hex ?? "unreadable")
            }
        }
    }

    /// The SHA-256 of a file, read in 1 MiB blocks; `nil` when it can't be read.
    static func sha256(ofFileAt url: URL) -> SHA256Digest? {
        ArrivalDigest.hasher(ofFileAt: url)?.finalize()
    }
}
