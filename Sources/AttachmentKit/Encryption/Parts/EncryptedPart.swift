import Foundation

/// A ``MessagePart`` whose content arrives encrypted: a part that yields the ciphertext (a
/// ``RemotePart`` at the server's URL, or any part), the ``EncryptedFile`` from the message,
/// and the plaintext's media type.
///
/// ```swift
/// let file = try EncryptedFile(json: fileJSON)
/// let photo = EncryptedPart(url: mediaURL, encryptedFile: file, mimeType: .imageJPEG)
/// let content = try await DownloadCoordinator.shared.content(for: photo)
/// ```
///
/// Its download is the ciphertext part's (through a ``DownloadCoordinator``: resume, validation,
/// timeouts, retries and progress all apply to the ciphertext). A ``RemotePart``'s ciphertext
/// is hashed and decrypted as it arrives, the download being the only pass over it, into a
/// staging file no caller sees, inside the store's folder (a crash leaves nothing the store
/// doesn't remove when it next opens). The plaintext becomes the store's entry, by rename,
/// only once the ciphertext's SHA-256 matched and, for an image type, the bytes are an image
/// of that type. On a mismatch the download fails with ``EncryptedAttachment/Error`` and neither
/// the ciphertext it stored nor any plaintext is left. Progress is the ciphertext's download.
/// (A ciphertext part of another type is decrypted after its download, in one pass that also
/// hashes it; its progress counts each byte twice, downloaded then decrypted.)
/// See <doc:EncryptedAttachments>.
public struct EncryptedPart: MessagePart {
    /// The part's identity: the ciphertext part's, plus a fingerprint of the key and IV, so
    /// that two messages sharing a ciphertext under different keys never share an entry.
    public let id: PartID
    /// The part that yields the ciphertext.
    public let ciphertext: any MessagePart
    /// The key, IV and ciphertext hash.
    public let encryptedFile: EncryptedFile
    /// The plaintext's media type.
    public let mimeType: MIMEType

    /// Creates a part from the part that yields its ciphertext.
    ///
    /// - Parameters:
    ///   - ciphertext: The ciphertext's part; its declared type should be
    ///     `application/octet-stream` (an image type would make its download check ciphertext
    ///     for an image).
    ///   - encryptedFile: The message's `EncryptedFile`.
    ///   - mimeType: The plaintext's media type, which the decrypted bytes are checked against.
    public init(ciphertext: any MessagePart, encryptedFile: EncryptedFile, mimeType: MIMEType) {
        self.ciphertext = ciphertext
        self.encryptedFile = encryptedFile
        self.mimeType = mimeType
        let fingerprint = encryptedFile.keyFingerprint.hex.prefix(32)
        id = PartID("\(ciphertext.id.rawValue)#decrypted-\(fingerprint)")
    }

    /// Creates a part whose ciphertext is at `url`, downloaded as a ``RemotePart`` of type
    /// `application/octet-stream` named by the ciphertext's hash.
    ///
    /// - Parameters:
    ///   - url: Where the ciphertext is (the media URL the `mxc://` URL maps to).
    ///   - encryptedFile: The message's `EncryptedFile`.
    ///   - mimeType: The plaintext's media type.
    ///   - byteCount: The size, when the message gives it (the ciphertext is as long as the plaintext).
    ///   - hooks: Headers to add and re-signing for the ciphertext's requests.
    ///   - downloader: What downloads the ciphertext; ``RemotePart/Downloader/shared`` by default.
    public init(
        url: URL, encryptedFile: EncryptedFile, mimeType: MIMEType, byteCount: Int64? = nil,
        hooks: RemotePart.Hooks = RemotePart.Hooks(), downloader: RemotePart.Downloader = .shared
    ) {
        let part = RemotePart(
            id: PartID("ciphertext-sha256:\(encryptedFile.ciphertextSHA256.hex)"), url: url,
            mimeType: .applicationOctetStream, byteCount: byteCount, hooks: hooks, downloader: downloader)
        self.init(ciphertext: part, encryptedFile: encryptedFile, mimeType: mimeType)
    }

    /// The ciphertext's size: AES-CTR keeps the length.
    public var byteCount: Int64? { ciphertext.byteCount }
    /// Always ``TransferStatus/readyForDownload``: local ciphertext is still to be decrypted.
    public var transferStatus: TransferStatus { .readyForDownload }
    /// Always `nil`: see ``transferStatus``.
    public var localContent: PartContent? { nil }
    /// `true`: the decrypted file is AttachmentKit's, moved into the store.
    public var handsOverDownloadedFile: Bool { true }

    /// Downloads the ciphertext, then verifies and decrypts it, staging the plaintext in the
    /// downloader's scratch store; the verified plaintext is then moved to a file of its own in
    /// the temporary directory (there being no store), which the caller owns.
    ///
    /// - Throws: ``EncryptedAttachment/Error``, the ciphertext part's errors, or `CancellationError`.
    public func downloadContent(reportingTo observer: any ProgressObserver) async throws -> PartContent {
        try await downloadContent(
            into: nil, key: ContentKey(partID: id), clock: SystemTransferClock(), reportingTo: observer)
    }
}
