/// Where a ``FileContentStore`` keeps each kind of file under its directory:
///
/// ```
/// lock                    locked while a store has the directory open
/// format                  the directory's format version (see StoreFormat)
/// journal                 the manifest: an append-only log of fixed-size records
/// entries/<64 hex>        an entry's content, named by the SHA-256 of its key
/// staging/<16 hex>        files being written; moved into entries/ when complete
/// partial/<64 hex>.data   a partial download's bytes
/// partial/<64 hex>.state  its validator, byte count and hash state
/// ```
///
/// The staging directory is on the same volume as the entries, so a rename is atomic; what is
/// left in it after a crash is removed when the store opens.
struct StoreLayout: Sendable {
    let root: String
    let entries: String
    let staging: String
    let partial: String
    let journal: String
    let lock: String
    let format: String

    init(root: String) {
        let root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.root = root
        entries = root + "/entries"
        staging = root + "/staging"
        partial = root + "/partial"
        journal = root + "/journal"
        lock = root + "/lock"
        format = root + "/format"
    }

    func entry(_ digest: SHA256Digest) -> String { entries + "/" + digest.hex }

    func staged(_ identifier: UInt64) -> String { staging + "/" + Self.hex(identifier) }

    func partialData(_ digest: SHA256Digest) -> String { partial + "/" + digest.hex + ".data" }

    func partialState(_ digest: SHA256Digest) -> String { partial + "/" + digest.hex + ".state" }

    /// A new staging file identifier; creating the file with `O_EXCL` catches the unlikely
    /// collision.
    static func newStagingIdentifier() -> UInt64 { UInt64.random(in: 1...UInt64.max) }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
