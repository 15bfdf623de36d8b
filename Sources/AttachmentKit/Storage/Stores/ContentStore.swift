import Foundation

/// Somewhere content is kept by ``ContentKey``: in memory, on disk, or both.
///
/// Stores are safe to use from many tasks at once. A write that fails leaves what was stored
/// under the key before intact.
public protocol ContentStore: Sendable {
    /// The content stored under `key`, or `nil` on a miss. A hit counts as a use for
    /// least-recently-used eviction.
    func content(for key: ContentKey) async -> PartContent?

    /// Stores `data` under `key`, replacing what was there, and returns the stored content.
    ///
    /// - Throws: ``ContentStoreError`` when the data can't be stored; the previous content is
    ///   kept.
    @discardableResult
    func store(_ data: Data, for key: ContentKey) async throws(ContentStoreError) -> PartContent

    /// Takes ownership of a downloaded file, storing it under `key`, and returns the stored
    /// content. The file at `fileURL` is moved (or copied and removed) into the store.
    ///
    /// - Throws: ``ContentStoreError`` when the file can't be read or stored; the previous
    ///   content is kept.
    @discardableResult
    func storeFile(at fileURL: URL, for key: ContentKey) async throws(ContentStoreError) -> PartContent

    /// Removes the content stored under `key`, if any.
    func removeContent(for key: ContentKey) async

    /// Removes every entry.
    func removeAll() async

    /// How much the store holds now.
    func usage() async -> ContentStoreUsage

    /// The keys of the entries held, least recently used first, without counting a use: for a
    /// settings screen that lists what is stored.
    ///
    /// The default implementation returns none: a store that can't list its keys says so by
    /// an empty list while ``usage()`` still counts its entries.
    func keys() async -> [ContentKey]

    /// Whether the store holds content for `key`, without counting a use: for settings
    /// screens and diagnostics, not for deciding to download (an entry can be found damaged
    /// when it is read).
    ///
    /// The default implementation asks ``content(for:)``, which counts as a use; stores that
    /// can look without one implement this.
    func contains(_ key: ContentKey) async -> Bool

    /// The content stored under `key`, or `nil` on a miss; like ``content(for:)``, except that
    /// an entry found damaged is reported instead of being a miss.
    ///
    /// The default implementation calls ``content(for:)`` and never throws.
    ///
    /// - Throws: ``ContentStoreError/corruptEntry(_:reason:)`` when the entry failed a check
    ///   (it has been removed, so asking again is a miss);
    ///   ``ContentStoreError/storeClosed(_:)`` when the store was closed.
    func checkedContent(for key: ContentKey) async throws(ContentStoreError) -> PartContent?
}

extension ContentStore {
    /// None: see ``ContentStore/keys()``.
    public func keys() async -> [ContentKey] { [] }

    /// Whether ``content(for:)`` finds content for `key` (which counts as a use).
    public func contains(_ key: ContentKey) async -> Bool { await content(for: key) != nil }

    /// What ``content(for:)`` returns.
    public func checkedContent(for key: ContentKey) async throws(ContentStoreError) -> PartContent? {
        await content(for: key)
    }
}

/// How much a ``ContentStore`` holds.
public struct ContentStoreUsage: Sendable, Equatable {
    /// The bytes of content held.
    public var byteCount: Int64
    /// The number of entries.
    public var entryCount: Int

    /// Creates a usage value.
    public init(byteCount: Int64, entryCount: Int) {
        self.byteCount = byteCount
        self.entryCount = entryCount
    }
}

/// Why a ``ContentStore`` could not store or read content.
public enum ContentStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file to ingest could not be read.
    case unreadableSource(URL, reason: String)
    /// Writing the entry failed (for example the disk is full); nothing stored was changed.
    case writeFailed(ContentKey, reason: String)
    /// The entry is larger than the store accepts.
    case entryTooLarge(ContentKey, byteCount: Int64, limit: Int64)
    /// The store's directory can't be created or used.
    case unusableDirectory(URL, reason: String)
    /// Another store, in this process or another, has the directory open.
    case directoryInUse(URL)
    /// The store was closed (``FileContentStore/close()``); open it again to use it.
    case storeClosed(URL)
    /// The entry for the key failed a check (its file was missing, had the wrong size, or
    /// didn't match its checksum) and has been removed: asking again is a miss.
    case corruptEntry(ContentKey, reason: String)

    public var description: String {
        switch self {
        case .unreadableSource(let url, let reason): "can't read \(url.path) to store it: \(reason)"
        case .writeFailed(let key, let reason): "can't store \(key): \(reason)"
        case .entryTooLarge(let key, let count, let limit):
            "can't store \(key): \(count) bytes is more than the store's limit of \(limit)"
        case .unusableDirectory(let url, let reason): "can't use \(url.path) as a store: \(reason)"
        case .directoryInUse(let url): "can't use \(url.path) as a store: another store has it open"
        case .storeClosed(let url): "the store in \(url.path) is closed"
        case .corruptEntry(let key, let reason): "the stored content of \(key) was damaged and removed: \(reason)"
        }
    }
}
