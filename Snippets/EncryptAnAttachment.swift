// Encrypt a file for sending, then receive it as an EncryptedPart: the ciphertext downloads
// (from a file:// URL, so that it runs offline), its SHA-256 is checked, and only then does the
// plaintext become the store's entry.
import AttachmentKit
import Foundation

let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("EncryptAnAttachment-\(UUID().uuidString)", isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let document = folder.appendingPathComponent("notes.txt")
try Data("Meet at noon.".utf8).write(to: document)
let ciphertextURL = folder.appendingPathComponent("upload.bin")

// Sending: a fresh key and IV; upload the ciphertext, send the JSON inside the encrypted message.
let encrypted = try EncryptedAttachment.encrypt(fileAt: document, to: ciphertextURL)
let json = encrypted.jsonData()

// Receiving: the JSON is checked field by field, then the part downloads and decrypts.
let file = try EncryptedFile(json: json)
let downloader = RemotePart.Downloader(
    configuration: RemotePart.Configuration(allowedSchemes: ["https", "file"], idleTimeout: 10, totalTimeout: 60))
let part = EncryptedPart(url: ciphertextURL, encryptedFile: file, mimeType: .textPlain, downloader: downloader)
let store = try FileContentStore(directory: folder.appendingPathComponent("store"), byteCapacity: 64 << 20)
let content = try await DownloadCoordinator(store: store).content(for: part)
print(String(decoding: try content.bytes(), as: UTF8.self))
