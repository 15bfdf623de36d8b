/// Where an inspected file came from, and the report line that says how much of it was read.
struct InspectedSource {
    /// The path or URL as given.
    let path: String
    /// The file's length for a local file; `nil` for a remote one, whose bytes are fetched.
    let fileSize: Int64?
    let isRemote: Bool

    /// `  bytes read: 312 of 20480` for a local file, `  bytes fetched: 65536` for a remote one.
    func bytesLine(_ count: Int) -> String {
        isRemote ? "  bytes fetched: \(count)" : "  bytes read: \(count)\(fileSize.map { " of \($0)" } ?? "")"
    }
}
