import AttachmentKit
import Foundation

/// A part read from a message description: local content (a file or inline data) or a
/// remote URL, whose content may be encrypted (an `encryptedFile`).
struct DescribedPart: MessagePart {
    let id: PartID
    let mimeType: MIMEType
    let transferStatus: TransferStatus
    let byteCount: Int64?
    let localContent: PartContent?
    /// Where the content can be downloaded from, for parts described with `url`.
    let remoteURL: URL?
    /// The key, IV and hash of an encrypted part: `remoteURL` is then the ciphertext's.
    let encryptedFile: EncryptedFile?

    /// Reads `raw`; `encryptedFileJSON` is its `encryptedFile` object, if it has one.
    init(_ raw: RawPart, number: Int, folder: URL, encryptedFileJSON: Data? = nil) throws(CommandError) {
        let label = raw.id ?? "part-\(number)"
        id = PartID(label)
        do {
            mimeType = try MIMEType(raw.mimeType)
        } catch {
            throw .malformedMessage("part \(label): \(error)")
        }
        let statusName = raw.status ?? TransferStatus.complete.rawValue
        guard let status = TransferStatus(rawValue: statusName) else {
            let known = TransferStatus.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformedMessage("part \(label): unknown status \"\(statusName)\" (known: \(known))")
        }
        transferStatus = status
        let sources = [raw.file, raw.url, raw.data].compactMap { $0 }
        guard sources.count <= 1 else {
            throw .malformedMessage("part \(label): give at most one of file, url and data")
        }
        var content: PartContent?
        var remote: URL?
        if let file = raw.file {
            content = .file(URL(fileURLWithPath: file, relativeTo: folder).standardizedFileURL)
        } else if let data = raw.data {
            guard let bytes = Data(base64Encoded: data) else {
                throw .malformedMessage("part \(label): \"data\" is not valid base64")
            }
            content = .data(bytes)
        } else if let text = raw.url {
            guard let url = URL(string: text), url.scheme != nil else {
                throw .malformedMessage("part \(label): \"\(text)\" is not a URL")
            }
            remote = url
        }
        if raw.hasEncryptedFile {
            let encrypted = try Self.encryptedFile(encryptedFileJSON, label: label)
            guard content == nil else {
                throw .malformedMessage("part \(label): an encrypted part is downloaded: give url, not file or data")
            }
            if remote == nil, let own = encrypted.url.flatMap(URL.init(string:)),
                ["http", "https", "file"].contains(own.scheme?.lowercased() ?? "")
            {
                remote = own
            }
            guard remote != nil else {
                throw .malformedMessage(
                    "part \(label): an encrypted part needs a url (http, https or file) for its ciphertext")
            }
            encryptedFile = encrypted
        } else {
            encryptedFile = nil
        }
        localContent = content
        remoteURL = remote
        byteCount = raw.byteCount ?? (try? content?.byteCount())
    }

    /// The part's `EncryptedFile`, every field checked.
    private static func encryptedFile(_ json: Data?, label: String) throws(CommandError) -> EncryptedFile {
        guard let json else { throw .malformedMessage("part \(label): \"encryptedFile\" is not a JSON object") }
        do {
            return try EncryptedFile(json: json)
        } catch {
            throw .malformedMessage("part \(label): encryptedFile: \(error)")
        }
    }
}

extension DescribedPart {
    /// The part once its content is downloaded: complete, with the stored content.
    func downloaded(as content: PartContent) -> DescribedPart {
        DescribedPart(
            id: id, mimeType: mimeType, transferStatus: .complete, byteCount: (try? content.byteCount()) ?? byteCount,
            localContent: content, remoteURL: remoteURL, encryptedFile: nil)
    }

    private init(
        id: PartID, mimeType: MIMEType, transferStatus: TransferStatus, byteCount: Int64?, localContent: PartContent?,
        remoteURL: URL?, encryptedFile: EncryptedFile?
    ) {
        self.id = id
        self.mimeType = mimeType
        self.transferStatus = transferStatus
        self.byteCount = byteCount
        self.localContent = localContent
        self.remoteURL = remoteURL
        self.encryptedFile = encryptedFile
    }
}
