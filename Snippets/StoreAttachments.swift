// Keep a preview in memory and on disk, and ingest a downloaded original without copying it.
// (Resuming an interrupted download is the transport's job: see the DownloadARemotePart snippet.)
import AttachmentKit
import Foundation

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("AttachmentsSnippet-\(UUID())")
defer { try? FileManager.default.removeItem(at: directory) }

let disk = try FileContentStore(directory: directory.appendingPathComponent("store"), byteCapacity: 50 << 20)
let store = DefaultContentStore(memory: InMemoryContentStore(costLimit: 8 << 20), disk: disk)

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

let usage = await store.usage()
print("usage:", usage.byteCount, "bytes in", usage.entryCount, "entries")  // 3040000 bytes in 2 entries

// A settings screen: what is stored, without counting a use; then release the directory.
let (keys, kept) = (await store.keys(), await store.contains(original))
print("keys:", keys.count, "original kept:", kept)  // keys: 2 original kept: true
await disk.close()
