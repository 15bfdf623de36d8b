import Foundation

@testable import AttachmentKit

/// A ``ContentStore`` for transfer tests: a dictionary, with counts of what was asked and a
/// switch that makes writes fail.
actor FakeContentStore: ContentStore {
    private var entries: [ContentKey: Data] = [:]
    private(set) var lookups = 0
    private(set) var writes = 0
    var failsWrites = false

    init(entries: [ContentKey: Data] = [:]) { self.entries = entries }

    func setFailsWrites(_ fails: Bool) { failsWrites = fails }

    func content(for key: ContentKey) -> PartContent? {
        lookups += 1
        return entries[key].map(PartContent.data)
    }

    func store(_ data: Data, for key: ContentKey) throws(ContentStoreError) -> PartContent {
        writes += 1
        guard !failsWrites else { throw .writeFailed(key, reason: "the fake store refuses writes") }
        entries[key] = data
        return .data(data)
    }

    func storeFile(at fileURL: URL, for key: ContentKey) throws(ContentStoreError) -> PartContent {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
            try FileManager.default.removeItem(at: fileURL)
        } catch {
            throw .unreadableSource(fileURL, reason: "\(error)")
        }
        return try store(data, for: key)
    }

    func removeContent(for key: ContentKey) { entries[key] = nil }

    func removeAll() { entries.removeAll() }

    func usage() -> ContentStoreUsage {
        ContentStoreUsage(byteCount: entries.values.reduce(0) { $0 + Int64($1.count) }, entryCount: entries.count)
    }
}
