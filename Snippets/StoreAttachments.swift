// Keep a preview in memory and on disk, ingest a downloaded original without copying it, and
// resume an interrupted download.
import AttachmentKit
import Foundation

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("AttachmentsSnippet-\(UUID())")
defer { try? FileManager.default.removeItem(at: directory) }

let disk = try FileContentStore(directory: directory.appendingPathComponent("store"), byteCapacity: 50 << 20)
let store = TieredContentStore(memory: InMemoryContentStore(costLimit: 8 << 20), disk: disk)

// A preview: written to disk atomically, then kept in memory.
let preview = ContentKey(partID: "layer:///messages/1/parts/2", representation: "preview")
try await store.store(Data(repeating: 0xFF, count: 40_000), for: preview)
print("preview in memory:", await store.content(for: preview)?.fileURL == nil)  // true

// An original that the transport downloaded to a file: moved into the store, not copied.
let downloaded = directory.appendingPathComponent("download.jpg")
try Data(repeating: 0xD8, count: 3_000_000).write(to: downloaded)
let original = ContentKey(partID: "layer:///messages/1/parts/1")
try await store.storeFile(at: downloaded, for: original)
if case .file(let url) = await store.content(for: original) {
    print("original on disk:", url.lastPathComponent.count)  // 64: the SHA-256 of the key
}

// A download interrupted after 1 MB, resumed (after a relaunch) from what the store kept.
let video = ContentKey(partID: "layer:///messages/1/parts/3")
let validator = ResumeValidator(entityTag: "\"v1\"", lastModified: nil)
let first = try await store.openPartialDownload(for: video, validator: validator, resumingAt: 0)
try first.append(Data(repeating: 1, count: 1_000_000))
try first.close()
if let kept = await store.partialDownload(for: video) {
    print("resume with Range: bytes=\(kept.byteCount)-")  // bytes=1000000-
    let rest = try await store.openPartialDownload(for: video, validator: kept.validator, resumingAt: kept.byteCount)
    try rest.append(Data(repeating: 2, count: 500_000))
    try await store.completePartialDownload(for: video, expectedByteCount: 1_500_000)
}
let usage = await store.usage()
print("usage:", usage.byteCount, "bytes in", usage.entryCount, "entries")  // 4540000 bytes in 3 entries

// A settings screen: what is stored, without counting a use; then release the directory.
print("keys:", store.keys().count, "original kept:", store.contains(original))  // keys: 3 original kept: true
await disk.close()
