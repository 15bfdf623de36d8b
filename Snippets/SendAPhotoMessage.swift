// Compose a photo message from a file and upload its parts in order, through a stand-in
// transport that stores each PUT in a folder (an app plugs in its own HTTP client the same way;
// the default is URLSessionTransport, which uploads from the file).
import AttachmentKit
import Foundation

let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("SendAPhotoMessage-\(UUID().uuidString)", isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The picked photo: a 96 x 128 PNG saved with a .jpg name (it is sent as image/png).
func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    withUnsafeBytes(of: UInt32(payload.count).bigEndian, Array.init) + Array(type.utf8) + payload + [0, 0, 0, 0]
}
let png =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 96, 0, 0, 0, 128, 8, 2, 0, 0, 0])
    + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])
let photo = folder.appendingPathComponent("picked.jpg")
try Data(png).write(to: photo)

// The parts, at once, from the header alone: shown in the sender's own list before any upload.
let attachment = try AttachmentComposer().compose(
    imageAt: photo, into: folder.appendingPathComponent("outbox"), id: "m1")
for part in attachment.parts { print(part.id, part.mimeType, part.transferStatus) }

/// A stand-in server: each PUT's body is copied from its file into `root`.
struct FolderUploadTransport: HTTPUploadTransport {
    let root: URL
    func upload(_ request: HTTPUploadRequest, sentBytes: @escaping @Sendable (Int64) -> Void) async throws
        -> HTTPResponse
    {
        let target = root.appendingPathComponent(request.url.lastPathComponent)
        if case .file(let url, let offset, let length) = request.body {
            let input = try FileHandle(forReadingFrom: url)
            defer { try? input.close() }
            try input.seek(toOffset: UInt64(offset))
            try (input.read(upToCount: Int(clamping: length)) ?? Data()).write(to: target)
            sentBytes(length)
        }
        return HTTPResponse(head: HTTPResponse.Head(statusCode: 201, headers: [:], url: request.url), body: .empty)
    }
}

let server = folder.appendingPathComponent("server")
try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
let uploads = UploadCoordinator(
    transport: FolderUploadTransport(root: server),
    journal: try UploadCoordinator.Journal(directory: folder.appendingPathComponent("uploads")))
let base = URL(string: "https://uploads.example.com/m1/")!
let sent = try await uploads.upload(message: attachment.parts, priority: .high) { part in
    .put(base.appendingPathComponent(part.id.rawValue.replacingOccurrences(of: "/", with: "-")))
}
for part in sent { print(part.partID, "->", part.remoteURL) }
