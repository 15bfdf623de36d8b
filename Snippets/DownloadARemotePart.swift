// Download a RemotePart from a file:// URL (so that it runs offline) into a file store: the
// bytes stream to the store's partial-download file, are checked against the declared type,
// and become the store's entry by rename.
import AttachmentKit
import Foundation

let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("DownloadARemotePart-\(UUID().uuidString)", isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The "server": a 96 x 128 PNG's chunks (the type check reads only the header), padded.
func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    withUnsafeBytes(of: UInt32(payload.count).bigEndian, Array.init) + Array(type.utf8) + payload + [0, 0, 0, 0]
}
let png =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 96, 0, 0, 0, 128, 8, 2, 0, 0, 0])
    + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])
let source = folder.appendingPathComponent("photo.png")
try Data(png + [UInt8](repeating: 0, count: 100_000)).write(to: source)

// https only by default; file URLs are an opt-in.
let downloader = RemotePart.Downloader(
    configuration: RemotePart.Configuration(allowedSchemes: ["https", "file"], idleTimeout: 10, totalTimeout: 60))
let photo = RemotePart(id: "msg-1/photo", url: source, mimeType: .imagePNG, downloader: downloader)

let store = try FileContentStore(directory: folder.appendingPathComponent("store"), byteCapacity: 64 << 20)
let coordinator = DownloadCoordinator(store: store)
do {
    let content = try await coordinator.content(for: photo)
    print("stored \(try content.byteCount()) bytes at \(content.fileURL?.lastPathComponent ?? "?")")
} catch {
    print("download failed: \(error)")
}
